import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sweepAccountRecords } from '../../src/domain/accounts/sweep-account-records.js';
import { firstAdmin } from '../helpers/accounts.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';

/**
 * Issue 37: the workers' periodic account sweep deletes, in bounded batches, exactly the records
 * that can no longer serve — lapsed sessions, used or expired one-time links, expired passkey
 * challenges, forgotten sign-in throttles — and nothing live. The signed-in user's session keeps
 * working after it.
 */
for (const database of testDatabases()) {
  describe(`accounts: the periodic sweep (${database})`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({ database, worker: false });
    });
    after(() => server?.close());

    test('deletes only what is expired or used, in batches', async () => {
      const admin = await firstAdmin(server, 'sweep@firma.example');
      const me = await admin.get('/api/app/session');
      const userId = me.body.user.id as string;
      const db = server.ctx.db;
      const now = Date.now();
      const at = (ms: number) => new Date(now + ms).toISOString();
      const hour = 3_600_000;

      const session = (id: string, lastSeen: number, expires: number) => ({
        id,
        userId,
        tokenHash: `hash-${id}`,
        createdAt: at(-100 * hour),
        lastSeenAt: at(lastSeen),
        expiresAt: at(expires),
        ip: null,
        userAgent: null,
      });
      await db
        .insertInto('userSession')
        .values([
          session('session_sweep_expired', -1000, -hour),
          session('session_sweep_idle', -13 * hour, 10 * hour),
          session('session_sweep_live', -1000, 10 * hour),
        ])
        .execute();

      const link = (id: string, expires: number, usedAt: string | null) => ({
        id,
        purpose: 'PASSWORD_RESET' as const,
        tokenHash: `hash-${id}`,
        userId,
        email: null,
        platformId: null,
        role: null,
        createdBy: null,
        expiresAt: at(expires),
        usedAt,
        createdAt: at(-2 * hour),
      });
      await db
        .insertInto('accountLink')
        .values([
          link('link_sweep_expired', -1000, null),
          link('link_sweep_used', hour, at(-1000)),
          link('link_sweep_live', hour, null),
        ])
        .execute();

      const challenge = (hash: string, expires: number) => ({
        challengeHash: hash,
        purpose: 'SIGN_IN' as const,
        userId: null,
        sessionId: null,
        expiresAt: at(expires),
        createdAt: at(-10 * 60_000),
      });
      await db
        .insertInto('passkeyChallenge')
        .values([
          challenge('challenge-expired-1', -1000),
          challenge('challenge-expired-2', -2000),
          challenge('challenge-expired-3', -3000),
          challenge('challenge-live', 60_000),
        ])
        .execute();

      const throttle = (key: string, updated: number, lockedUntil: number | null) => ({
        key,
        failures: 3,
        lockedUntil: lockedUntil === null ? null : at(lockedUntil),
        updatedAt: at(updated),
      });
      await db
        .insertInto('signInThrottle')
        .values([
          throttle('throttle-forgotten', -25 * hour, null),
          throttle('throttle-forgotten-lock-over', -25 * hour, -24 * hour),
          throttle('throttle-still-locked', -25 * hour, hour),
          throttle('throttle-recent', -hour, null),
        ])
        .execute();

      const counts = await sweepAccountRecords(server.ctx, 2);
      assert.deepEqual(
        { ...counts, links: undefined },
        { sessions: 2, passkeyChallenges: 3, signInThrottles: 2, links: undefined },
      );
      assert.ok(counts.links >= 2, 'the two dead links (and the setup link firstAdmin used)');

      const sessions = await db.selectFrom('userSession').select('id').where('userId', '=', userId).execute();
      assert.deepEqual(sessions.map((s) => s.id).sort(), [me.body.session.id, 'session_sweep_live'].sort());
      const links = await db.selectFrom('accountLink').select(['id', 'usedAt', 'expiresAt']).execute();
      assert.ok(links.some((l) => l.id === 'link_sweep_live'));
      assert.ok(
        links.every((l) => l.usedAt === null && Date.parse(l.expiresAt) > now),
        'no used or expired link is left',
      );
      assert.deepEqual(
        (await db.selectFrom('passkeyChallenge').select('challengeHash').execute()).map((c) => c.challengeHash),
        ['challenge-live'],
      );
      assert.deepEqual(
        (await db.selectFrom('signInThrottle').select('key').orderBy('key').execute()).map((t) => t.key),
        ['throttle-recent', 'throttle-still-locked'],
      );
      assert.equal((await admin.get('/api/app/session')).status, 200, 'the live session still works');

      assert.deepEqual(await sweepAccountRecords(server.ctx, 2), {
        sessions: 0,
        links: 0,
        passkeyChallenges: 0,
        signInThrottles: 0,
      });
    });
  });
}
