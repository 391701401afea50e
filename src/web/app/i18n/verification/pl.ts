import type { verificationEn } from './en.js';

export const verificationPl: typeof verificationEn = {};
