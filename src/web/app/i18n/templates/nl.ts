import type { templatesEn } from './en.js';

export const templatesNl: typeof templatesEn = {};
