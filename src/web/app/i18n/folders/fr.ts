import type { foldersEn } from './en.js';

export const foldersFr: typeof foldersEn = {};
