import type { foldersEn } from './en.js';

export const foldersJa: typeof foldersEn = {};
