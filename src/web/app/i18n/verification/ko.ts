import type { verificationEn } from './en.js';

export const verificationKo: typeof verificationEn = {};
