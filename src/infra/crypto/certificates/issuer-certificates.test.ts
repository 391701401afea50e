import assert from 'node:assert/strict';
import { test } from 'node:test';
import { IssuerCertificateCache } from './issuer-certificates.js';

const cert = (n: number) => [Buffer.from([n])];

test('a fetch in flight is shared, and a fresh answer is served from the cache until its time runs out', async () => {
  let now = 0;
  let loads = 0;
  const cache = new IssuerCertificateCache({ maxEntries: 4, ttlMs: 1000, now: () => now });
  const load = async () => (loads++, cert(1));
  const [a, b] = await Promise.all([cache.get('http://ca/a', load), cache.get('http://ca/a', load)]);
  assert.deepEqual([a, b, loads], [cert(1), cert(1), 1]);
  now = 999;
  await cache.get('http://ca/a', load);
  assert.equal(loads, 1);
  now = 1000;
  await cache.get('http://ca/a', load);
  assert.equal(loads, 2, 'expired: fetched again');
});

test('an empty answer and a failed fetch are not kept: the next signer tries again', async () => {
  let loads = 0;
  const cache = new IssuerCertificateCache({ maxEntries: 4, ttlMs: 60_000 });
  assert.deepEqual(await cache.get('http://ca/empty', async () => (loads++, [])), []);
  assert.deepEqual(await cache.get('http://ca/empty', async () => (loads++, cert(2))), cert(2));
  await assert.rejects(
    cache.get('http://ca/down', async () => {
      loads++;
      throw new Error('down');
    }),
    /down/,
  );
  assert.deepEqual(await cache.get('http://ca/down', async () => (loads++, cert(3))), cert(3));
  assert.equal(loads, 4);
});

test('the least recently used address leaves first when the cache is full', async () => {
  let loads = 0;
  const cache = new IssuerCertificateCache({ maxEntries: 2, ttlMs: 60_000 });
  const load = async () => (loads++, cert(0));
  await cache.get('http://ca/1', load);
  await cache.get('http://ca/2', load);
  await cache.get('http://ca/1', load); // 1 is now the most recent
  await cache.get('http://ca/3', load); // 2 leaves
  assert.equal(loads, 3);
  await cache.get('http://ca/1', load);
  assert.equal(loads, 3, '1 stayed');
  await cache.get('http://ca/2', load);
  assert.equal(loads, 4, '2 had left');
});
