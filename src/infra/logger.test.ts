import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createLogger, redactUrl, resolveLogFormat } from './logger.js';

test('capability paths and secret query values are redacted', () => {
  assert.equal(redactUrl('/sign/abcDEF123_-x?lang=es'), '/sign/[redacted]?lang=es');
  assert.equal(redactUrl('/api/v2/signing/tok123/field/7'), '/api/v2/signing/[redacted]/field/7');
  assert.equal(
    redactUrl('/api/v2/envelope/attachment?envelopeId=envelope_1&token=secret123'),
    '/api/v2/envelope/attachment?envelopeId=envelope_1&token=[redacted]',
  );
  assert.equal(redactUrl('/api/v1/uploads/cap_abc'), '/api/v1/uploads/[redacted]');
  // Accounts' one-time links, as pages and as the app API's routes.
  assert.equal(redactUrl('/setup/tok123'), '/setup/[redacted]');
  assert.equal(redactUrl('/api/app/invitations/tok123/accept'), '/api/app/invitations/[redacted]/accept');
  assert.equal(redactUrl('/reset-password/tok123?x=1'), '/reset-password/[redacted]?x=1');
  assert.equal(redactUrl('/verify-email/tok123'), '/verify-email/[redacted]');
  assert.equal(redactUrl('/api/app/me/totp/setup'), '/api/app/me/totp/setup');
  // Documenso's embed paths: the tokens in the path and in every repeated `token` of multisign.
  assert.equal(redactUrl('/embed/sign/tok123?x=1'), '/embed/sign/[redacted]?x=1');
  assert.equal(redactUrl('/embed/direct/dl_abc?externalId=7'), '/embed/direct/[redacted]?externalId=7');
  assert.equal(
    redactUrl('/embed/v1/multisign?token=aaa111&token=bbb222&document=1'),
    '/embed/v1/multisign?token=[redacted]&token=[redacted]&document=1',
  );
  // A CSC provider's redirect back: the authorisation code and the sealed state.
  assert.equal(
    redactUrl('/sign/csc/callback?code=c0de&state=v1.a.b.c'),
    '/sign/[redacted]/callback?code=[redacted]&state=[redacted]',
  );
  assert.equal(redactUrl('Bearer api_abcdefghijklmnop'), 'Bearer api_[redacted]');
});

test('ordinary paths are left alone', () => {
  assert.equal(redactUrl('/api/v2/document/12'), '/api/v2/document/12');
});

test('on a terminal the lines are human-readable and still redacted; JSON otherwise or when asked', () => {
  const lines: string[] = [];
  const terminal = { isTTY: false, write: (line: string) => void lines.push(line) };
  const pretty = createLogger('info', terminal, 'pretty');
  pretty.info({ reqId: 'req-7', token: 'tok_secret_value', path: '/sign/abcdef123' }, 'opened with api_abcdefghijkl');
  pretty.child({}).error({ err: new Error('boom') }, 'failed');
  assert.match(lines[0]!, /^\d\d:\d\d:\d\d\.\d{3} {2}INFO {3}opened with api_\[redacted\] {2}\[req-7\]/);
  assert.match(lines[0]!, /token=\[redacted\]/);
  assert.doesNotMatch(lines.join(''), /tok_secret_value|abcdefghijkl/);
  assert.throws(() => JSON.parse(lines[0]!));
  assert.match(lines[1]!, /ERROR {2}failed\n {4}Error: boom\n {8}at /);

  assert.equal(resolveLogFormat('auto', { isTTY: true }), 'pretty');
  assert.equal(resolveLogFormat('auto', { isTTY: false }), 'json');
  assert.equal(resolveLogFormat('json', { isTTY: true }), 'json');
  const json: string[] = [];
  createLogger('info', { isTTY: true, write: (line: string) => void json.push(line) } as never, 'json').info('x');
  assert.equal((JSON.parse(json[0]!) as { msg: string }).msg, 'x');
  const auto: string[] = [];
  createLogger('info', { isTTY: true, write: (line: string) => void auto.push(line) } as never, 'auto').info('y');
  assert.equal(auto[0]!.slice(14), '\u001b[32mINFO \u001b[0m  y\n', 'coloured on a terminal');
});

test('no request headers reach a line: a reply or an error dragging its request along, secrets at any depth', () => {
  const lines: string[] = [];
  const log = createLogger('info', { write: (line: string) => void lines.push(line) });
  const headers = { authorization: 'Bearer api_abcdefghijklmnop', cookie: 'session=s3cr3t', 'x-api-key': 'k3y' };
  class Reply {
    statusCode = 503;
    request = { headers, raw: { headers } };
  }
  // What Fastify's default error handler logs: the reply itself as `res`.
  log.error({ req: { method: 'POST', url: '/x', headers }, res: new Reply() }, 'failed');
  const error = Object.assign(new Error('release failed'), { code: 'ECONNREFUSED', request: { headers } });
  log.error({ err: error, context: { deep: { deeper: { list: [{ Authorization: 'Basic dTpw' }] } } } }, 'failed');
  log.warn({ response: { rawHeaders: ['Authorization', 'Bearer zz'] }, call: { 'x-service-secret': 'whsec' } });
  const text = lines.join('');
  assert.doesNotMatch(text, /abcdefghijklmnop|s3cr3t|k3y|dTpw|Bearer|whsec/);
  assert.match(text, /"res":\{"statusCode":503\}/);
  assert.match(text, /"code":"ECONNREFUSED"/);
});
