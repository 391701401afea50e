import type { foldersEn } from './en.js';

export const foldersKo: typeof foldersEn = {};
