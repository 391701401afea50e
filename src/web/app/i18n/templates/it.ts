import type { templatesEn } from './en.js';

export const templatesIt: typeof templatesEn = {};
