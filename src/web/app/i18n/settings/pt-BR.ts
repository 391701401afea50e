import type { settingsEn } from './en.js';

export const settingsPtBR: typeof settingsEn = {};
