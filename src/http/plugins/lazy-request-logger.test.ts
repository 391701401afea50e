import assert from 'node:assert/strict';
import { test } from 'node:test';
import Fastify from 'fastify';
import { createLogger } from '../../infra/logger.js';
import { requestLogging } from './lazy-request-logger.js';

async function serverLogging(level: string) {
  const lines: Record<string, unknown>[] = [];
  const app = Fastify(
    requestLogging(
      createLogger(level, { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) }),
    ),
  );
  app.get('/', (request, reply) => {
    request.log.info({ step: 'info' }, 'informational');
    request.log.warn({ step: 'warn' }, 'a warning');
    void reply.send({ ok: true });
  });
  const res = await app.inject({ method: 'GET', url: '/' });
  assert.equal(res.statusCode, 200);
  await app.close();
  return lines;
}

test('request logs keep their request id and respect the level', async () => {
  const atInfo = await serverLogging('info');
  const messages = atInfo.map((l) => l.msg);
  assert.deepEqual(messages, ['incoming request', 'informational', 'a warning', 'request completed']);
  const ids = new Set(atInfo.map((l) => l.reqId));
  assert.equal(ids.size, 1, 'every line of one request carries the same request id');
  assert.ok([...ids][0]);

  const atWarn = await serverLogging('warn');
  assert.deepEqual(
    atWarn.map((l) => l.msg),
    ['a warning'],
    'nothing below the level is written',
  );
  assert.ok(atWarn[0]!.reqId, 'a request logger above info still carries the request id');
});
