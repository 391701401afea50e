import type { verificationEn } from './en.js';

export const verificationDe: typeof verificationEn = {};
