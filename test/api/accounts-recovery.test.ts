import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { ParsedMail } from 'mailparser';
import { Secret, TOTP } from 'otpauth';
import { userInviteCommand } from '../../src/cli/user-command.js';
import { MAIL_DICTIONARIES } from '../../src/domain/mail/i18n/index.js';
import { auditOf, firstAdmin, linkTokenIn, mailText, SessionClient, STRONG_PASSWORD } from '../helpers/accounts.js';
import { recipientOf, startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';

/**
 * Issue 37, item 1: signing up through an invitation, e-mail verification, password reset (no
 * account enumeration; every session ends) and TOTP with recovery codes, with the mails caught by
 * a real SMTP server. No secret reaches a log line or the audit log.
 */
const NEW_PASSWORD = 'another long passphrase 7';

const codeAt = (secret: string, at: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: at });

for (const database of testDatabases()) {
  describe(`accounts: invitations, verification, reset, TOTP (${database})`, () => {
    let server: TestServer;
    let smtp: SmtpSink;
    /** Every secret handed out, none of which may be logged or audited. */
    const secrets: string[] = [STRONG_PASSWORD, NEW_PASSWORD];
    before(async () => {
      smtp = await startSmtpSink();
      server = await startTestServer({
        database,
        captureLogs: true,
        env: { SMTP_URL: smtp.url, FIRMA_JOB_POLL_MS: '100', LOG_LEVEL: 'debug' },
      });
    });
    after(async () => {
      await server?.close();
      await smtp?.stop();
    });

    const mailTo = async (email: string, kind: 'accountVerification' | 'passwordReset' | 'invitation', n = 1) => {
      const subject = (m: ParsedMail) =>
        Object.values(MAIL_DICTIONARIES).some((d) =>
          m.subject?.startsWith(d.kinds[kind].subject('').trim().slice(0, 12)),
        );
      const found = await smtp.waitFor((m) => recipientOf(m) === email && subject(m), n);
      return found.at(-1)!;
    };
    const invite = async (email: string, role = 'MEMBER', language?: string) => {
      const printed: string[] = [];
      await userInviteCommand(
        server.ctx,
        { platform: 'default', email, role, language, json: false },
        (text) => void printed.push(text),
      );
      return printed.join('');
    };

    test('sign-up through an invitation: printed and mailed, a new account signed in, then its address verified', async () => {
      const printed = await invite('Nina@Firma.example', 'manager', 'es');
      const token = linkTokenIn(printed, 'invitation');
      secrets.push(token);
      assert.match(printed, /nina@firma\.example to join default as MANAGER/);
      const mailed = await mailTo('nina@firma.example', 'invitation');
      assert.equal(linkTokenIn(mailText(mailed), 'invitation'), token, 'the same link is mailed');
      assert.equal(mailed.subject, MAIL_DICTIONARIES.es.kinds.invitation.subject('default'));

      const anon = new SessionClient(server.url);
      const view = await anon.get(`/api/app/invitations/${token}`);
      assert.deepEqual(view.body, {
        platformName: 'default',
        email: 'nina@firma.example',
        role: 'MANAGER',
        expiresAt: view.body.expiresAt,
        accountExists: false,
      });
      const nameless = await anon.post(`/api/app/invitations/${token}/accept`, { json: { password: STRONG_PASSWORD } });
      assert.equal(nameless.status, 400);
      assert.equal(nameless.body.code, 'VALIDATION_ERROR');
      assert.deepEqual(nameless.body.issues[0].path, ['body', 'name']);
      const weak = await anon.post(`/api/app/invitations/${token}/accept`, {
        json: { name: 'Nina', password: 'nina' },
      });
      assert.equal(weak.body.code, 'PASSWORD_TOO_WEAK');
      const unknownMember = await anon.post(`/api/app/invitations/${token}/accept`, {
        json: { name: 'Nina', password: STRONG_PASSWORD, passwordConfirmation: STRONG_PASSWORD },
      });
      assert.equal(unknownMember.body.code, 'UNKNOWN_SECURITY_MEMBER', 'a credential member is never dropped');

      const accepted = await anon.post(`/api/app/invitations/${token}/accept`, {
        json: { name: 'Nina Núñez', password: STRONG_PASSWORD },
      });
      assert.equal(accepted.status, 200, JSON.stringify(accepted.body));
      assert.equal(accepted.body.session.user.email, 'nina@firma.example');
      assert.equal(accepted.body.session.user.language, 'es');
      assert.equal(accepted.body.session.user.emailVerified, false);
      assert.deepEqual(
        (await anon.get('/api/app/platforms')).body.data.map((p: { role: string }) => p.role),
        ['MANAGER'],
      );
      const reused = await new SessionClient(server.url).post(`/api/app/invitations/${token}/accept`, {
        json: { name: 'Mallory', password: STRONG_PASSWORD },
      });
      assert.equal(reused.status, 404);
      assert.equal(reused.body.code, 'ACCOUNT_LINK_INVALID');

      const verification = await mailTo('nina@firma.example', 'accountVerification');
      assert.equal(verification.subject, MAIL_DICTIONARIES.es.kinds.accountVerification.subject('nina@firma.example'));
      const verifyToken = linkTokenIn(mailText(verification), 'verify-email');
      secrets.push(verifyToken);
      const bad = await new SessionClient(server.url).post('/api/app/email-verification/confirm', {
        json: { token: 'x'.repeat(43) },
      });
      assert.equal(bad.body.code, 'ACCOUNT_LINK_INVALID');
      // Opened on another device: no session needed.
      const verified = await new SessionClient(server.url).post('/api/app/email-verification/confirm', {
        json: { token: verifyToken },
      });
      assert.deepEqual(verified.body, { email: 'nina@firma.example', emailVerified: true });
      assert.equal((await anon.get('/api/app/session')).body.user.emailVerified, true);
      const twice = await anon.post('/api/app/email-verification/confirm', { json: { token: verifyToken } });
      assert.equal(twice.body.code, 'ACCOUNT_LINK_INVALID');
      assert.deepEqual((await anon.post('/api/app/me/email-verification')).body, { sent: false });
      assert.deepEqual(
        (await auditOf(server, 'nina@firma.example')).map((e) => e.type),
        [
          'INVITATION_CREATED',
          'INVITATION_ACCEPTED',
          'USER_CREATED',
          'MEMBER_ADDED',
          'EMAIL_VERIFICATION_SENT',
          'SIGN_IN',
          'EMAIL_VERIFIED',
        ],
      );
    });

    test('an existing account joins only from its own session; the link alone changes nothing', async () => {
      await firstAdmin(server, 'olga@firma.example');
      const other = await server.newPlatform();
      const printed: string[] = [];
      await userInviteCommand(
        server.ctx,
        { platform: other.platformName, email: 'olga@firma.example', role: 'ADMIN', language: undefined, json: true },
        (text) => void printed.push(text),
      );
      const made = JSON.parse(printed.join('')) as { url: string; platformId: number; mailed: boolean };
      assert.equal(made.mailed, true);
      const token = linkTokenIn(made.url, 'invitation');
      assert.equal((await new SessionClient(server.url).get(`/api/app/invitations/${token}`)).body.accountExists, true);

      const stranger = await new SessionClient(server.url).post(`/api/app/invitations/${token}/accept`, {
        json: { name: 'Mallory', password: 'mallory chooses this' },
      });
      assert.equal(stranger.status, 401);
      assert.equal(stranger.body.code, 'SESSION_REQUIRED');
      assert.equal((await new SessionClient(server.url).signIn('olga@firma.example', STRONG_PASSWORD)).status, 200);
      const wrongUser = await firstAdmin(server, 'pete@firma.example');
      const asPete = await wrongUser.post(`/api/app/invitations/${token}/accept`, { json: {} });
      assert.equal(asPete.status, 403);

      const olga = new SessionClient(server.url);
      await olga.signIn('olga@firma.example', STRONG_PASSWORD);
      const noCsrf = await olga.post(`/api/app/invitations/${token}/accept`, { json: {}, csrf: false });
      assert.equal(noCsrf.body.code, 'SESSION_REQUIRED', 'without its CSRF token the session is not used');
      const joined = await olga.post(`/api/app/invitations/${token}/accept`, { json: {} });
      assert.deepEqual(joined.body, { platformId: made.platformId, session: null });
      assert.deepEqual(
        (await olga.get('/api/app/platforms')).body.data.map((p: { name: string; role: string }) => [p.name, p.role]),
        [
          ['default', 'ADMIN'],
          [other.platformName, 'ADMIN'],
        ].sort((a, b) => a[0]!.localeCompare(b[0]!)),
      );
      const members = await olga.get(`/api/app/platforms/${made.platformId}/members`);
      assert.deepEqual(
        members.body.data.map((m: { email: string }) => m.email),
        ['olga@firma.example'],
      );
      const again = await invite('olga@firma.example').catch((error: Error & { code?: string }) => error.code);
      assert.equal(again, 'ALREADY_EXISTS', 'already a member of default');
    });

    test('password reset: the same answer for unknown addresses; the link works once, briefly; every session ends', async () => {
      await firstAdmin(server, 'rita@firma.example');
      const laptop = new SessionClient(server.url);
      const phone = new SessionClient(server.url);
      await laptop.signIn('rita@firma.example', STRONG_PASSWORD);
      await phone.signIn('rita@firma.example', STRONG_PASSWORD);

      const anon = new SessionClient(server.url);
      const unknown = await anon.post('/api/app/password-reset', { json: { email: 'nobody-here@firma.example' } });
      const known = await anon.post('/api/app/password-reset', { json: { email: 'Rita@firma.example' } });
      assert.deepEqual([unknown.status, unknown.body], [202, { accepted: true }]);
      assert.deepEqual([known.status, known.body], [unknown.status, unknown.body], 'nothing tells them apart');
      const first = linkTokenIn(mailText(await mailTo('rita@firma.example', 'passwordReset')), 'reset-password');
      await anon.post('/api/app/password-reset', { json: { email: 'rita@firma.example' } });
      const token = linkTokenIn(mailText(await mailTo('rita@firma.example', 'passwordReset', 2)), 'reset-password');
      secrets.push(first, token);
      assert.notEqual(token, first);
      assert.ok(
        !smtp.messages.some((m) => recipientOf(m) === 'nobody-here@firma.example'),
        'no mail to an unknown address',
      );

      const retired = await anon.post('/api/app/password-reset/confirm', {
        json: { token: first, password: NEW_PASSWORD },
      });
      assert.equal(retired.body.code, 'ACCOUNT_LINK_INVALID', 'a newer link retires the older');
      const weak = await anon.post('/api/app/password-reset/confirm', {
        json: { token, password: 'rita@firma.example' },
      });
      assert.equal(weak.body.code, 'PASSWORD_TOO_WEAK');
      const reset = await anon.post('/api/app/password-reset/confirm', { json: { token, password: NEW_PASSWORD } });
      assert.deepEqual([reset.status, reset.body], [200, { sessionsRevoked: 3 }]);
      for (const client of [laptop, phone]) assert.equal((await client.get('/api/app/session')).status, 401);
      assert.equal(anon.cookie, null, 'resetting signs nobody in');
      assert.equal((await anon.signIn('rita@firma.example', STRONG_PASSWORD)).body.code, 'SIGN_IN_FAILED');
      assert.equal((await anon.signIn('rita@firma.example', NEW_PASSWORD)).status, 200);
      const reused = await anon.post('/api/app/password-reset/confirm', { json: { token, password: STRONG_PASSWORD } });
      assert.equal(reused.body.code, 'ACCOUNT_LINK_INVALID');

      await anon.post('/api/app/password-reset', { json: { email: 'rita@firma.example' } });
      const late = linkTokenIn(mailText(await mailTo('rita@firma.example', 'passwordReset', 3)), 'reset-password');
      await server.ctx.db
        .updateTable('accountLink')
        .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
        .where('purpose', '=', 'PASSWORD_RESET')
        .execute();
      const expired = await anon.post('/api/app/password-reset/confirm', {
        json: { token: late, password: STRONG_PASSWORD },
      });
      assert.equal(expired.body.code, 'ACCOUNT_LINK_INVALID');
      const types = (await auditOf(server, 'rita@firma.example')).map((e) => e.type);
      assert.deepEqual(
        types.filter((t) => t.startsWith('PASSWORD')),
        ['PASSWORD_RESET_REQUESTED', 'PASSWORD_RESET_REQUESTED', 'PASSWORD_RESET', 'PASSWORD_RESET_REQUESTED'],
      );
      const stored = await server.ctx.db.selectFrom('accountLink').select('tokenHash').execute();
      assert.ok(!stored.some((l) => l.tokenHash === token), 'kept as a hash only');
    });

    test('TOTP: set up, enabled by a code, then needed to sign in; codes and recovery codes work once; off again', async () => {
      const tom = await firstAdmin(server, 'tom@firma.example');
      assert.equal(
        (await tom.post('/api/app/me/totp/setup', { json: { password: 'wrong password 123' } })).body.code,
        'PASSWORD_INCORRECT',
      );
      assert.equal(
        (await tom.post('/api/app/me/totp/enable', { json: { code: '123456' } })).body.code,
        'TOTP_NOT_SET_UP',
      );
      const setup = await tom.post('/api/app/me/totp/setup', { json: { password: STRONG_PASSWORD } });
      assert.equal(setup.status, 200, JSON.stringify(setup.body));
      const { secret, otpauthUri } = setup.body as { secret: string; otpauthUri: string };
      secrets.push(secret);
      assert.match(otpauthUri, /^otpauth:\/\/totp\/Firma:tom%40firma\.example\?/);
      assert.ok(otpauthUri.includes(`secret=${secret}`));
      const row = await server.ctx.db
        .selectFrom('userAccount')
        .selectAll()
        .where('email', '=', 'tom@firma.example')
        .executeTakeFirstOrThrow();
      assert.ok(row.totpSecretSealed?.startsWith('v1.') && !row.totpSecretSealed.includes(secret), 'sealed');
      assert.equal(
        (await new SessionClient(server.url).signIn('tom@firma.example', STRONG_PASSWORD)).status,
        200,
        'not needed before enabling',
      );

      const now = Date.now();
      const wrongCode = codeAt(secret, now) === '000000' ? '111111' : '000000';
      assert.equal(
        (await tom.post('/api/app/me/totp/enable', { json: { code: wrongCode } })).body.code,
        'TOTP_CODE_INVALID',
      );
      const enabled = await tom.post('/api/app/me/totp/enable', { json: { code: codeAt(secret, now) } });
      assert.equal(enabled.status, 200, JSON.stringify(enabled.body));
      const recoveryCodes = enabled.body.recoveryCodes as string[];
      secrets.push(...recoveryCodes);
      assert.equal(recoveryCodes.length, 10);
      assert.ok(recoveryCodes.every((c) => /^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/.test(c)));
      const storedCodes = await server.ctx.db
        .selectFrom('totpRecoveryCode')
        .select('codeHash')
        .where('userId', '=', row.id)
        .execute();
      assert.equal(storedCodes.length, 10);
      assert.ok(!JSON.stringify(storedCodes).includes(recoveryCodes[0]!.replace(/-/g, '')), 'hashed');
      assert.equal(
        (await tom.post('/api/app/me/totp/setup', { json: { password: STRONG_PASSWORD } })).body.code,
        'TOTP_ALREADY_ENABLED',
      );

      const client = new SessionClient(server.url);
      const needed = await client.signIn('tom@firma.example', STRONG_PASSWORD);
      assert.deepEqual([needed.status, needed.body.code], [401, 'TOTP_REQUIRED']);
      assert.equal(client.cookie, null);
      const replay = await client.signIn('tom@firma.example', STRONG_PASSWORD, { totpCode: codeAt(secret, now) });
      assert.equal(replay.body.code, 'TOTP_CODE_INVALID', 'the code that enabled it is spent');
      const next = codeAt(secret, now + 30_000);
      assert.equal((await client.signIn('tom@firma.example', STRONG_PASSWORD, { totpCode: next })).status, 200);
      const again = await new SessionClient(server.url).signIn('tom@firma.example', STRONG_PASSWORD, {
        totpCode: next,
      });
      assert.equal(again.body.code, 'TOTP_CODE_INVALID', 'never twice');
      const wrongPassword = await new SessionClient(server.url).signIn('tom@firma.example', 'wrong password 123', {
        totpCode: codeAt(secret, now + 60_000),
      });
      assert.equal(wrongPassword.body.code, 'SIGN_IN_FAILED', 'the code does not stand in for the password');

      const byRecovery = await new SessionClient(server.url).signIn('tom@firma.example', STRONG_PASSWORD, {
        recoveryCode: recoveryCodes[0]!.toUpperCase(),
      });
      assert.equal(byRecovery.status, 200, 'any case, dashes or not');
      const recoveryTwice = await new SessionClient(server.url).signIn('tom@firma.example', STRONG_PASSWORD, {
        recoveryCode: recoveryCodes[0]!,
      });
      assert.equal(recoveryTwice.body.code, 'TOTP_CODE_INVALID');

      const noCode = await tom.post('/api/app/me/totp/disable', { json: { password: STRONG_PASSWORD } });
      assert.equal(noCode.body.code, 'TOTP_CODE_INVALID');
      const disabled = await tom.post('/api/app/me/totp/disable', {
        json: { password: STRONG_PASSWORD, recoveryCode: recoveryCodes[1]! },
      });
      assert.deepEqual([disabled.status, disabled.body], [200, { totpEnabled: false }]);
      assert.equal((await new SessionClient(server.url).signIn('tom@firma.example', STRONG_PASSWORD)).status, 200);
      const trail = (await auditOf(server, 'tom@firma.example')).map((e): [string, unknown] => [
        e.type,
        e.data.method ?? e.data.reason ?? null,
      ]);
      assert.deepEqual(
        trail.filter(([t]) => t.startsWith('TOTP') || t === 'SIGN_IN_FAILED'),
        [
          ['TOTP_SETUP_STARTED', null],
          ['TOTP_ENABLED', null],
          ['SIGN_IN_FAILED', 'second-factor'],
          ['SIGN_IN_FAILED', 'second-factor'],
          ['SIGN_IN_FAILED', 'password'],
          ['SIGN_IN_FAILED', 'second-factor'],
          ['TOTP_DISABLED', null],
        ],
      );
      assert.ok(trail.some(([t, m]) => t === 'SIGN_IN' && m === 'password+recovery-code'));
      assert.ok(trail.some(([t, m]) => t === 'SIGN_IN' && m === 'password+totp'));
    });

    test('no password, token, link, secret or code in a log line or the audit log', async () => {
      const logs = server.logs.join('');
      assert.ok(logs.length > 1000, 'logging ran');
      const audit = JSON.stringify(await server.ctx.db.selectFrom('accountAudit').selectAll().execute());
      for (const secret of secrets) {
        assert.ok(!logs.includes(secret), `not logged: ${secret.slice(0, 4)}…`);
        assert.ok(!audit.includes(secret), `not audited: ${secret.slice(0, 4)}…`);
      }
    });
  });
}
