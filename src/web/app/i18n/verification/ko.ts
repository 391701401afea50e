import type { verificationEn } from './en.js';

export const verificationKo: typeof verificationEn = {
  signUpTitle: 'Firma 계정 만들기',
  signUpIntro:
    '{email}(으)로 보낸 문서는 Firma 로그인이 필요합니다. 이 주소의 계정을 만들려면 이름과 비밀번호를 입력하십시오.',
  signUpSubmit: '계정 만들기',
  signUpDoneTitle: '계정이 준비되었습니다',
  signUpDone: '로그인되었습니다. 서명 페이지로 돌아가 계속을 눌러 문서를 여십시오.',
};
