import type { embedAuthoringEn } from './en.js';

/** The embedded editor's words in Korean. */
export const embedAuthoringKo: typeof embedAuthoringEn = {
  ea_newDocument: '새 문서',
  ea_newTemplate: '새 템플릿',
  ea_newIntro: 'PDF와 제목을 선택한 다음 수신자와 필드를 추가하세요.',
  ea_file: 'PDF 파일',
  ea_title: '제목',
  ea_create: '계속',
  ea_fileRequired: 'PDF 파일을 선택하세요.',
  ea_done: '완료',
  ea_doneHint: '모든 변경 사항은 바로 저장됩니다. 완료를 누르면 애플리케이션에 작업이 끝났음을 알립니다.',
  ea_finished: '저장했습니다. 이제 애플리케이션이 이어받습니다.',
};
