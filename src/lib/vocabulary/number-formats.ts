/**
 * The number formats a NUMBER field's `fieldMeta.numberFormat` may name: Documenso's editor list
 * (its labels are the values). Each says how the integer part is grouped and which mark starts the
 * decimals. The signing page reads this table from the served vocabulary.js, so the page and the
 * server format alike.
 */
export const NUMBER_FORMATS = {
  '123,456,789.00': { group: ',', decimal: '.', grouping: 'thousands' },
  '123.456.789,00': { group: '.', decimal: ',', grouping: 'thousands' },
  // Documenso's third format: a comma before the last three integer digits only, a point before the decimals.
  '123456,789.00': { group: ',', decimal: '.', grouping: 'last' },
} as const;

export type NumberFormat = keyof typeof NUMBER_FORMATS;
export const NUMBER_FORMAT_NAMES = Object.keys(NUMBER_FORMATS) as NumberFormat[];

export function isNumberFormat(value: unknown): value is NumberFormat {
  return typeof value === 'string' && Object.hasOwn(NUMBER_FORMATS, value);
}
