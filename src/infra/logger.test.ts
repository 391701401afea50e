import assert from 'node:assert/strict';
import { test } from 'node:test';
import { redactUrl } from './logger.js';

test('capability paths and secret query values are redacted', () => {
  assert.equal(redactUrl('/sign/abcDEF123_-x?lang=es'), '/sign/[redacted]?lang=es');
  assert.equal(redactUrl('/api/v2/signing/tok123/field/7'), '/api/v2/signing/[redacted]/field/7');
  assert.equal(
    redactUrl('/api/v2/envelope/attachment?envelopeId=envelope_1&token=secret123'),
    '/api/v2/envelope/attachment?envelopeId=envelope_1&token=[redacted]',
  );
  assert.equal(redactUrl('/api/v1/uploads/cap_abc'), '/api/v1/uploads/[redacted]');
  assert.equal(redactUrl('Bearer api_abcdefghijklmnop'), 'Bearer api_[redacted]');
});

test('ordinary paths are left alone', () => {
  assert.equal(redactUrl('/api/v2/document/12'), '/api/v2/document/12');
});
