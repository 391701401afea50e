import type { templatesEn } from './en.js';

export const templatesJa: typeof templatesEn = {};
