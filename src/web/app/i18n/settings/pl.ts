import type { settingsEn } from './en.js';

export const settingsPl: typeof settingsEn = {};
