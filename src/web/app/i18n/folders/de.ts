import type { foldersEn } from './en.js';

export const foldersDe: typeof foldersEn = {};
