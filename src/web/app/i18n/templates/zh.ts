import type { templatesEn } from './en.js';

export const templatesZh: typeof templatesEn = {};
