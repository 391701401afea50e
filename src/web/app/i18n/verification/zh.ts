import type { verificationEn } from './en.js';

export const verificationZh: typeof verificationEn = {
  signUpTitle: '创建您的 Firma 账户',
  signUpIntro: '发送至 {email} 的文件需要您登录 Firma。请填写您的姓名和密码，为此地址创建账户。',
  signUpSubmit: '创建我的账户',
  signUpDoneTitle: '您的账户已就绪',
  signUpDone: '您已登录。请返回签署页面并点击“继续”打开文件。',
};
