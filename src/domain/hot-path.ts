/**
 * What the HTTP layer needs of the hot-path reads (docs/design/hot-path-reads.md): the
 * database's change stamp, read once per request and handed to the token check and the view cache,
 * and `whenReady`, which continues their answers synchronously when they did not need a promise.
 * Both live with the database code; this is their entry point outside `db/`.
 */
export { readChangeStampAfterTurn, readChangeStampAtOnce, type ChangeStamp } from '../db/change-stamp.js';
export { whenReady, type MaybePromise } from '../db/point-read.js';
