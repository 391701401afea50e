import type { settingsEn } from './en.js';

export const settingsNl: typeof settingsEn = {};
