import type { verificationEn } from './en.js';

export const verificationFr: typeof verificationEn = {};
