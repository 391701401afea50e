import type { settingsEn } from './en.js';

export const settingsDe: typeof settingsEn = {};
