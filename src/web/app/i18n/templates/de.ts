import type { templatesEn } from './en.js';

export const templatesDe: typeof templatesEn = {};
