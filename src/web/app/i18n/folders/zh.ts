import type { foldersEn } from './en.js';

export const foldersZh: typeof foldersEn = {};
