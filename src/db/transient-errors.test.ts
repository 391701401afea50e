import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isTransientDatabaseError, transientDatabaseReason } from './transient-errors.js';

const withCode = (code: string, extra: Record<string, unknown> = {}) =>
  Object.assign(new Error('x'), { code, ...extra });

test('connection loss, shutdown, overload and an unwritable SQLite file are transient', () => {
  for (const e of [
    withCode('57P01'),
    withCode('57P02'),
    withCode('57P03'),
    withCode('53300'),
    withCode('08006'),
    withCode('08P01'),
    withCode('ECONNREFUSED', { syscall: 'connect' }),
    withCode('ENOENT', { syscall: 'connect' }),
    withCode('ECONNRESET', { syscall: 'read' }),
    new Error('Connection terminated unexpectedly'),
    new Error('timeout exceeded when trying to connect'),
    new Error('Client has encountered a connection error and is not queryable'),
    withCode('SQLITE_BUSY'),
    withCode('SQLITE_BUSY_SNAPSHOT'),
    withCode('SQLITE_FULL'),
    withCode('SQLITE_IOERR_WRITE'),
    withCode('SQLITE_READONLY'),
    new Error('rollback failed', { cause: withCode('57P01') }),
    new AggregateError([withCode('ECONNREFUSED', { syscall: 'connect' })], 'connect failed'),
  ]) {
    assert.equal(isTransientDatabaseError(e), true, `${String((e as { code?: string }).code)} ${e.message}`);
  }
});

test('request errors, constraint violations and a client aborting its upload are not', () => {
  for (const e of [
    withCode('23505'),
    withCode('42P01'),
    withCode('SQLITE_CONSTRAINT_UNIQUE'),
    withCode('SQLITE_ERROR'),
    withCode('ECONNRESET'),
    withCode('ENOENT', { syscall: 'open' }),
    new TypeError('x is undefined'),
    null,
    'text',
  ]) {
    assert.equal(isTransientDatabaseError(e), false, String(e));
  }
});

test('the reason names the failure for an operator, never with the driver message', () => {
  assert.equal(transientDatabaseReason(withCode('53300')), '53300');
  assert.equal(transientDatabaseReason(new Error('timeout exceeded when trying to connect')), 'pool-wait-timeout');
  assert.equal(
    transientDatabaseReason(new Error('Connection terminated due to connection timeout')),
    'connection-terminated',
  );
  assert.equal(transientDatabaseReason(withCode('ECONNREFUSED', { syscall: 'connect' })), 'ECONNREFUSED');
  assert.equal(transientDatabaseReason(new Error('wrapped', { cause: withCode('57P01') })), '57P01');
  assert.equal(
    transientDatabaseReason(new AggregateError([new Error('x'), withCode('ETIMEDOUT', { syscall: 'connect' })], 'no')),
    'ETIMEDOUT',
  );
  assert.equal(transientDatabaseReason(withCode('23505')), null);
});
