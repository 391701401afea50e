import type { templatesEn } from './en.js';

export const templatesEs: typeof templatesEn = {};
