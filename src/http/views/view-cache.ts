import type { Ctx } from '../../domain/context.js';
import { getEnvelopeGraph, type EnvelopeGraph, type EnvelopeKey } from '../../domain/envelopes/get-envelope.js';
import {
  envelopeVersionReader,
  readChangeStampAtOnce,
  whenReady,
  type ChangeStamp,
  type MaybePromise,
} from '../../domain/hot-path.js';

type Db = Ctx['db'];

interface Entry {
  /** The rendered view, exactly the bytes answered when the entry was made. */
  body: Buffer;
  /** The database's change stamp read before the data, or when the version was last confirmed. */
  stamp: ChangeStamp;
  /** `envelope.version` read before the parts were: any later change makes it differ. */
  version: number;
  /** The view shows `expired` for recipients whose link lapsed: it is stale from that moment. */
  freshUntil: number;
}

interface ViewCache {
  entries: Map<string, Entry>;
  bytes: number;
  readVersion: ReturnType<typeof envelopeVersionReader>;
}

const caches = new WeakMap<Db, ViewCache>();

/**
 * Rendered views of envelopes (the JSON bytes a read answers), kept in this process and checked
 * before every use against `envelope.version`, which the database bumps on any change of the
 * envelope or of its items, recipients, fields and attachments, whoever makes it (any node, the
 * CLI). While nothing at all was committed since the entry was checked (the change stamp), a hit
 * reads nothing; otherwise it costs one primary-key read of the version instead of five queries
 * and a serialisation. It answers exactly what a fresh read would, because an entry is used only
 * while its version is the current one and before any recipient's expiry changes what the view
 * shows. Bounded by FIRMA_VIEW_CACHE_MB (oldest entries go first); 0 turns it off.
 * A response cache, so it sits with the views in `http/`: no use case tells it of a change (the
 * version check sees every one), so nothing below has to know it exists.
 *
 * `variant` names the rendering (one per response shape); `render` turns the graph into the
 * answer's bytes (kept encoded, so a hit writes them without converting anything). Scoped by
 * platform like every read: another platform's id is NOT_FOUND. `stamp`: the change stamp the
 * caller read for this request (when not given: read here on SQLite, null on PostgreSQL, whose
 * stamp is exact only after a turn of the event loop).
 * @throws NOT_FOUND
 */
export function readEnvelopeView(
  ctx: Ctx,
  platformId: number,
  key: EnvelopeKey,
  variant: string,
  render: (graph: EnvelopeGraph) => Buffer,
  stamp: ChangeStamp = readChangeStampAtOnce(ctx.db),
): MaybePromise<Buffer> {
  const maxBytes = ctx.config.cache.viewBytes;
  if (maxBytes === 0) return getEnvelopeGraph(ctx.db, platformId, key).then(render);
  const cache = cacheOf(ctx.db);
  const id = 'documentId' in key ? `#${key.documentId}` : key.publicId;
  const cacheKey = `${variant}:${platformId}:${id}`;
  const entry = cache.entries.get(cacheKey);
  if (!entry) return renderAndKeep(ctx, cache, cacheKey, stamp, platformId, key, render);
  if (Date.now() >= entry.freshUntil) return renderAndKeep(ctx, cache, cacheKey, stamp, platformId, key, render);
  if (stamp !== null && entry.stamp === stamp) return entry.body;
  return whenReady(cache.readVersion(platformId, key), (version) => {
    if (version !== entry.version) return renderAndKeep(ctx, cache, cacheKey, stamp, platformId, key, render);
    entry.stamp = stamp;
    return entry.body;
  });
}

async function renderAndKeep(
  ctx: Ctx,
  cache: ViewCache,
  cacheKey: string,
  stamp: ChangeStamp,
  platformId: number,
  key: EnvelopeKey,
  render: (graph: EnvelopeGraph) => Buffer,
): Promise<Buffer> {
  // The stale entry goes first (a NOT_FOUND below must not leave it behind), and again after the
  // read, in case a concurrent read kept one meanwhile: the byte count stays exact.
  forget(cache, cacheKey);
  const graph = await getEnvelopeGraph(ctx.db, platformId, key);
  const body = render(graph);
  const entry: Entry = { body, stamp, version: graph.envelope.version, freshUntil: freshUntil(graph) };
  forget(cache, cacheKey);
  const size = sizeOf(cacheKey, entry);
  if (size <= ctx.config.cache.viewBytes) {
    cache.entries.set(cacheKey, entry);
    cache.bytes += size;
    // Map order is insertion order: the first keys are the oldest entries.
    for (const oldest of cache.entries.keys()) {
      if (cache.bytes <= ctx.config.cache.viewBytes) break;
      forget(cache, oldest);
    }
  }
  return body;
}

/** When the first pending recipient's link lapses (and the view's `expired` changes); else never. */
function freshUntil(graph: EnvelopeGraph): number {
  const now = Date.now();
  let until = Number.POSITIVE_INFINITY;
  for (const r of graph.recipients) {
    if (r.expiresAt === null || r.signingStatus !== 'NOT_SIGNED') continue;
    const at = Date.parse(r.expiresAt);
    if (at > now && at < until) until = at;
  }
  return until;
}

function forget(cache: ViewCache, cacheKey: string): void {
  const entry = cache.entries.get(cacheKey);
  if (!entry) return;
  cache.entries.delete(cacheKey);
  cache.bytes -= sizeOf(cacheKey, entry);
}

/** Approximate bytes held: the body, the key and the entry's own overhead. */
function sizeOf(cacheKey: string, entry: Entry): number {
  return cacheKey.length + entry.body.length + 96;
}

function cacheOf(db: Db): ViewCache {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = { entries: new Map(), bytes: 0, readVersion: envelopeVersionReader(db) }));
  return cache;
}
