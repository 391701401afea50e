import type { embedAuthoringEn } from './en.js';

/** The embedded editor's words in Japanese. */
export const embedAuthoringJa: typeof embedAuthoringEn = {
  ea_newDocument: '新しい文書',
  ea_newTemplate: '新しいテンプレート',
  ea_newIntro: 'PDF とタイトルを選び、受信者とフィールドを追加します。',
  ea_file: 'PDF ファイル',
  ea_title: 'タイトル',
  ea_create: '続ける',
  ea_fileRequired: 'PDF ファイルを選んでください。',
  ea_done: '完了',
  ea_doneHint: '変更はその都度保存されます。完了を押すとアプリケーションに終了を知らせます。',
  ea_finished: '保存しました。この先はアプリケーションが引き継ぎます。',
};
