import type { foldersEn } from './en.js';

export const foldersPtBR: typeof foldersEn = {};
