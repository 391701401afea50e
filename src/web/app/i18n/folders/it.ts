import type { foldersEn } from './en.js';

export const foldersIt: typeof foldersEn = {};
