import type { foldersEn } from './en.js';

export const foldersNl: typeof foldersEn = {};
