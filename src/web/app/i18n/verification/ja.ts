import type { verificationEn } from './en.js';

export const verificationJa: typeof verificationEn = {};
