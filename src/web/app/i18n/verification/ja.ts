import type { verificationEn } from './en.js';

export const verificationJa: typeof verificationEn = {
  signUpTitle: 'Firma アカウントを作成',
  signUpIntro:
    '{email} に送信された文書では Firma へのサインインが必要です。このアドレスのアカウントを作成するため、お名前とパスワードを入力してください。',
  signUpSubmit: 'アカウントを作成する',
  signUpDoneTitle: 'アカウントの準備ができました',
  signUpDone: 'サインインしました。署名ページに戻り、「続行」を押して文書を開いてください。',
};
