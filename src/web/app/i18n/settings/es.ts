import type { settingsEn } from './en.js';

export const settingsEs: typeof settingsEn = {};
