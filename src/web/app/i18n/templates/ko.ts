import type { templatesEn } from './en.js';

export const templatesKo: typeof templatesEn = {};
