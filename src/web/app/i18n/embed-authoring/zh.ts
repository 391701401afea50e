import type { embedAuthoringEn } from './en.js';

/** The embedded editor's words in Chinese. */
export const embedAuthoringZh: typeof embedAuthoringEn = {
  ea_newDocument: '新文档',
  ea_newTemplate: '新模板',
  ea_newIntro: '选择 PDF 和标题，然后添加收件人和字段。',
  ea_file: 'PDF 文件',
  ea_title: '标题',
  ea_create: '继续',
  ea_fileRequired: '请选择一个 PDF 文件。',
  ea_done: '完成',
  ea_doneHint: '所有更改都会随时保存。点击完成即通知应用程序您已完成。',
  ea_finished: '已保存。接下来由应用程序处理。',
};
