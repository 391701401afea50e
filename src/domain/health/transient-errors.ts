/**
 * The rule that tells "the database is not there right now" from any other failure, for the
 * layers that answer it (HTTP: 503 with Retry-After). It lives with the database code, which knows
 * the drivers' error shapes; this is its entry point outside `db/`.
 */
export { isTransientDatabaseError, transientDatabaseReason } from '../../db/transient-errors.js';
