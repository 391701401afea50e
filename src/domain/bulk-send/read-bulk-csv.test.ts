import assert from 'node:assert/strict';
import { test } from 'node:test';
import { AppError } from '../../errors.js';
import type { EnvelopeGraph } from '../envelopes/get-envelope.js';
import { readBulkCsv } from './read-bulk-csv.js';

// What planning reads of a template: two signers, no prefillable field.
const template = {
  envelope: { type: 'TEMPLATE', meta: '{}' },
  recipients: [
    { id: 1, role: 'SIGNER', email: '', name: 'A', cuil: null },
    { id: 2, role: 'SIGNER', email: '', name: 'B', cuil: null },
  ],
  fields: [],
} as unknown as EnvelopeGraph;

const encoder = new TextEncoder();

/** A source that counts what was pulled from it and whether it was closed (a stream destroyed). */
function source(pieces: () => Generator<string>) {
  const seen = { bytes: 0, closed: false, finished: false };
  async function* read() {
    try {
      for (const piece of pieces()) {
        const bytes = encoder.encode(piece);
        seen.bytes += bytes.length;
        yield bytes;
      }
      seen.finished = true;
    } finally {
      seen.closed = true;
    }
  }
  return { seen, read: read() };
}

const refusal = (code: string) => (e: unknown) => e instanceof AppError && e.code === code;

test('100,000 rows: refused at row 50,001 while reading, the rest never pulled', async () => {
  const { seen, read } = source(function* () {
    yield 'r1.email,r2.email\n';
    for (let i = 0; i < 100_000; i += 100) {
      let lines = '';
      for (let r = i; r < i + 100; r++) lines += `a${r}@example.com,b${r}@example.com\n`;
      yield lines;
    }
  });
  await assert.rejects(readBulkCsv(read, template, 50 * 2 ** 20), refusal('BULK_CSV_TOO_MANY_ROWS'));
  assert.ok(!seen.finished && seen.bytes < 2_000_000, `pulled ${seen.bytes} bytes`);
  assert.ok(seen.closed, 'the source is closed');
});

test('45 MB of 4.5 MB cells: refused within the first cell, having pulled one chunk of it', async () => {
  const { seen, read } = source(function* () {
    yield 'r1.email,r2.email\n';
    const piece = 'x'.repeat(64 * 1024);
    for (let row = 0; row < 10; row++) {
      for (let n = 0; n < 72; n++) yield piece;
      yield ',b@example.com\n';
    }
  });
  await assert.rejects(readBulkCsv(read, template, 50 * 2 ** 20), refusal('BULK_CSV_CELL_TOO_LONG'));
  assert.ok(seen.bytes <= 64 * 1024 + 100, `pulled ${seen.bytes} bytes`);
  assert.ok(seen.closed);
});

test('a 200,000-column header: refused at column 101, the rest never pulled', async () => {
  const { seen, read } = source(function* () {
    for (let c = 0; c < 200_000; c += 1000)
      yield `${c ? ',' : ''}${Array.from({ length: 1000 }, (_, i) => `c${c + i}`).join(',')}`;
    yield '\na@example.com\n';
  });
  await assert.rejects(readBulkCsv(read, template, 50 * 2 ** 20), (e: unknown) => {
    assert.ok(e instanceof AppError && e.code === 'BULK_CSV_TOO_MANY_COLUMNS');
    assert.match(JSON.stringify(e.issues), /more than 100 columns/);
    return true;
  });
  assert.ok(seen.bytes < 10_000, `pulled ${seen.bytes} bytes`);
});

test('more bytes than the limit: 413 at the first byte over it', async () => {
  const { seen, read } = source(function* () {
    yield 'r1.email,r2.email\n';
    for (;;) yield 'a@example.com,b@example.com\n';
  });
  await assert.rejects(readBulkCsv(read, template, 4096), refusal('PAYLOAD_TOO_LARGE'));
  assert.ok(seen.bytes < 4096 + 64 && seen.closed);
});

test('the event loop turns between chunks, however fast the source gives them', async () => {
  const { read } = source(function* () {
    yield 'r1.email,r2.email\n';
    for (let i = 0; i < 200; i++) yield `a${i}@example.com,b${i}@example.com\n`;
  });
  let turns = 0;
  let counting = true;
  const tick = () => {
    if (!counting) return;
    turns++;
    setImmediate(tick);
  };
  setImmediate(tick);
  const rows = await readBulkCsv(read, template, 2 ** 20);
  counting = false;
  assert.equal(rows.length, 200);
  assert.ok(turns >= 100, `${turns} turns for 201 chunks`);
});

test('a row lacking a CUIL fails only when documents are sent, and before a later missing e-mail', async () => {
  const { read } = source(function* () {
    yield '\ufeffr1.email,r1.cuil,r2.email\r\na@example.com,,b@example.com\r\na@example.com,,\r\n';
  });
  const [first, second] = (await readBulkCsv(read, template, 2 ** 20)).plan(0, 2);
  assert.equal(first!.problem, null);
  assert.match(first!.distributed!.message, /^r1\.cuil is needed/);
  assert.match(second!.problem!.message, /^r2\.email is needed/);
  assert.match(second!.distributed!.message, /^r1\.cuil is needed/, 'r1 comes first when sent');
  assert.equal(JSON.parse(first!.input!).recipients[0].email, 'a@example.com');
});

test('a header only, or nothing, is refused', async () => {
  for (const text of ['', 'r1.email\n']) {
    const { read } = source(function* () {
      yield text;
    });
    await assert.rejects(readBulkCsv(read, template, 2 ** 20), refusal('BULK_SEND_CSV_INVALID'));
  }
});
