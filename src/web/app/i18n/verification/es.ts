import type { verificationEn } from './en.js';

export const verificationEs: typeof verificationEn = {};
