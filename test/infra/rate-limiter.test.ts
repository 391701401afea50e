import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { createRateLimiter, type RateLimitHit } from '../../src/infra/rate-limit/rate-limiter.js';
import { startTestServer, testDatabases, testRedisUrl, type TestServer } from '../helpers/test-server.js';

const REDIS_URL = testRedisUrl();
const quiet = { warn: () => undefined };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const countOf = async (hit: RateLimitHit | Promise<RateLimitHit>) => (await hit).count;

/**
 * Rate-limit counting without a database write per request: two limiters stand for two nodes of a
 * cluster sharing one database (or one Redis).
 */
describe('rate limiter: per-node counts flushed to PostgreSQL in batches', () => {
  const postgres = testDatabases().includes('postgres');
  let server: TestServer;
  before(async () => {
    if (postgres) server = await startTestServer({ database: 'postgres', worker: false });
  });
  after(() => server?.close());

  test(
    'no row is written per request; after a flush each node sees the others',
    { skip: !postgres && 'set FIRMA_TEST_DATABASE_URL' },
    async () => {
      const key = `tok:test-${Math.random()}`;
      const nodeA = createRateLimiter(server.ctx.db, { redisUrl: null, flushMs: 60_000, log: quiet });
      const nodeB = createRateLimiter(server.ctx.db, { redisUrl: null, flushMs: 60_000, log: quiet });
      const now = Date.now();
      for (let i = 1; i <= 5; i++) assert.equal(await countOf(nodeA.hit(key, now)), i);
      for (let i = 1; i <= 3; i++) assert.equal(await countOf(nodeB.hit(key, now)), i);
      const rows = () => server.ctx.db.selectFrom('rateLimitBucket').selectAll().where('key', '=', key).execute();
      assert.deepEqual(await rows(), [], 'counting wrote nothing');
      // close() flushes what a node holds (as a node does at shutdown and on its timer).
      await nodeA.close();
      await nodeB.close();
      assert.equal(Number((await rows())[0]!.count), 8, 'both nodes added their counts to the one row');
      const nodeC = createRateLimiter(server.ctx.db, { redisUrl: null, flushMs: 50, log: quiet });
      assert.equal(await countOf(nodeC.hit(key, now)), 1, 'a new node knows nothing until it flushes');
      // Its timer flushes every 50 ms, a loaded machine's later: once a flush has run, a hit counts
      // every hit of every node (A's 5, B's 3 and all of C's). Until then it counts C's own only.
      let hitsOfC = 1;
      for (const deadline = Date.now() + 60_000; ;) {
        await sleep(50);
        const count = await countOf(nodeC.hit(key, now));
        hitsOfC++;
        if (count === 8 + hitsOfC) break;
        assert.ok(count <= hitsOfC + 8, `never more than every hit: ${count}`);
        assert.ok(Date.now() < deadline, `node C learned the others' counts within a minute (last: ${count})`);
      }
      await nodeC.close();
    },
  );
});

describe('rate limiter: Redis', () => {
  test('two nodes count together at once', { skip: !REDIS_URL && 'set FIRMA_TEST_REDIS_URL' }, async () => {
    const key = `tok:test-${Math.random()}`;
    const db = undefined as never; // not used when Redis is configured
    const nodeA = createRateLimiter(db, { redisUrl: REDIS_URL!, flushMs: 1000, log: quiet });
    const nodeB = createRateLimiter(db, { redisUrl: REDIS_URL!, flushMs: 1000, log: quiet });
    try {
      const now = Date.now();
      for (let i = 1; i <= 4; i++) assert.equal(await countOf(nodeA.hit(key, now)), i);
      assert.equal(await countOf(nodeB.hit(key, now)), 5);
      const next = await nodeA.hit(key, now + 60_000);
      assert.equal(next.count, 1, 'a new window starts from zero');
      assert.equal(next.resetAt, (Math.floor(now / 60_000) + 2) * 60_000);
    } finally {
      await nodeA.close();
      await nodeB.close();
    }
  });

  test('Redis unreachable: counted per node at once, never refused or left waiting', async () => {
    const closed = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
    });
    const warnings: unknown[] = [];
    const limiter = createRateLimiter(undefined as never, {
      redisUrl: `redis://127.0.0.1:${closed}`,
      flushMs: 1000,
      log: { warn: (...args: unknown[]) => warnings.push(args) },
    });
    try {
      const now = Date.now();
      // Counted in memory while Redis is down (how fast is a benchmark's question, not a test's).
      for (let i = 1; i <= 3; i++) assert.equal(await countOf(limiter.hit('tok:down', now)), i);
      assert.equal(warnings.length, 1, 'one warning per minute, not per request');
      assert.ok(!JSON.stringify(warnings).includes('redis://'), 'the URL (it may hold a password) is not logged');
    } finally {
      await limiter.close();
    }
  });
});
