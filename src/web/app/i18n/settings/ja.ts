import type { settingsEn } from './en.js';

export const settingsJa: typeof settingsEn = {};
