import type { settingsEn } from './en.js';

export const settingsIt: typeof settingsEn = {};
