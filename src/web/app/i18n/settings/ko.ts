import type { settingsEn } from './en.js';

export const settingsKo: typeof settingsEn = {};
