import type { verificationEn } from './en.js';

export const verificationPtBR: typeof verificationEn = {};
