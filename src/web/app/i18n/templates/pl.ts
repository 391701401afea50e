import type { templatesEn } from './en.js';

export const templatesPl: typeof templatesEn = {};
