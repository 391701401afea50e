import type { settingsEn } from './en.js';

export const settingsZh: typeof settingsEn = {};
