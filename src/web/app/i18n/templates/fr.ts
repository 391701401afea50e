import type { templatesEn } from './en.js';

export const templatesFr: typeof templatesEn = {};
