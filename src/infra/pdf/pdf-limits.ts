/**
 * Limits on what a PDF may hold, in one place: upload inspection refuses what the renderer or
 * the sealer would later refuse, so a document accepted at upload can always be completed.
 */

import { MAX_NESTING } from './seal/index.js';

/** Arrays and dictionaries nested deeper than this are refused (the sealer's parser recurses). */
export const MAX_OBJECT_NESTING = MAX_NESTING;

/**
 * The most bytes all compressed streams of one document may inflate to while Firma parses it
 * (object and cross-reference streams; content streams are never decoded). Derived from the
 * upload limit: a document's structure does not outgrow the largest file Firma accepts, while a
 * decompression bomb (kilobytes that inflate to gigabytes) is stopped at this bound.
 */
export function inflateBudgetBytes(maxUploadBytes: number): number {
  return Math.max(32 * 1024 * 1024, maxUploadBytes);
}
