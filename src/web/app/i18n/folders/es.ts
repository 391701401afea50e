import type { foldersEn } from './en.js';

export const foldersEs: typeof foldersEn = {};
