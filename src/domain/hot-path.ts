/**
 * What the HTTP layer needs of the hot-path reads (docs/design/hot-path-reads.md): the
 * database's change stamp, read once per request and handed to the token check and the view cache,
 * `whenReady`, which continues their answers synchronously when they did not need a promise, and
 * the envelope version reader the view cache (`http/views/view-cache.ts`) checks its entries with.
 * They live with the database code; this is their entry point outside `db/`.
 */
export { readChangeStampAfterTurn, readChangeStampAtOnce, type ChangeStamp } from '../db/change-stamp.js';
export { whenReady, type MaybePromise } from '../db/point-read.js';
export { envelopeVersionReader } from '../db/repositories/envelope.repo.js';
