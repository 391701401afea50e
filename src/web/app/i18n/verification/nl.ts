import type { verificationEn } from './en.js';

export const verificationNl: typeof verificationEn = {};
