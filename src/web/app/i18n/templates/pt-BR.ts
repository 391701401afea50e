import type { templatesEn } from './en.js';

export const templatesPtBR: typeof templatesEn = {};
