import type { verificationEn } from './en.js';

export const verificationIt: typeof verificationEn = {};
