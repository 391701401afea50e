import type { foldersEn } from './en.js';

export const foldersPl: typeof foldersEn = {};
