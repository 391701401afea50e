/**
 * Documenso's template types. PUBLIC: listed on the team's public profile (when it has an enabled
 * direct link). ORGANISATION: in Firma a team is a platform, so it means what PRIVATE does — the
 * team's own template, seen by its members as its visibility allows (docs/documents.md).
 */
export const TEMPLATE_TYPES = ['PRIVATE', 'PUBLIC', 'ORGANISATION'] as const;
export type TemplateType = (typeof TEMPLATE_TYPES)[number];
