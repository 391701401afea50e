import type { verificationEn } from './en.js';

export const verificationZh: typeof verificationEn = {};
