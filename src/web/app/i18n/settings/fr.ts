import type { settingsEn } from './en.js';

export const settingsFr: typeof settingsEn = {};
