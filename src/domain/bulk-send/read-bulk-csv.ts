import { AppError } from '../../errors.js';
import type { EnvelopeGraph } from '../envelopes/get-envelope.js';
import { CsvLimitError, CsvStreamParser, CsvSyntaxError, type CsvRow } from './parse-csv.js';
import {
  bulkColumnLimit,
  MAX_BULK_CELL_CHARS,
  MAX_BULK_ROWS,
  noBulkRows,
  planBulkHeader,
  planBulkRow,
  type BulkCsvHeader,
  type PlannedRow,
} from './plan-bulk-rows.js';
import { DEFAULT_IDENTITY_RULE } from '../recipients/identity-rule.js';
import type { IdentityPolicy } from '../recipients/load-identity-rule.js';

/**
 * A CSV as read: its header checked against the template, and its data rows as the parser gave
 * them, each kept as one string (its cells as a JSON array) beside its line number: a row of ten
 * cells is then one flat string instead of an array, ten strings (each a slice that keeps the
 * whole decoded chunk it came from alive) and an object. Rows are checked as `use` would check
 * them (`planBulkRow`) only when asked, a slice at a time, so what a large file holds while it is
 * read is about its own text, and a file refused on a cap costs no planning at all.
 */
export class BulkCsv {
  private readonly lines: number[] = [];
  private readonly cells: string[] = [];

  constructor(readonly header: BulkCsvHeader) {}

  get length(): number {
    return this.lines.length;
  }

  add(row: CsvRow): void {
    this.lines.push(row.line);
    this.cells.push(JSON.stringify(row.cells));
  }

  /** The row at `index` (0-based), checked against the template. */
  planRow(index: number): PlannedRow {
    return planBulkRow({ line: this.lines[index]!, cells: JSON.parse(this.cells[index]!) as string[] }, this.header);
  }

  /** Rows `from` up to `to`, excluded. */
  plan(from: number, to: number): PlannedRow[] {
    const planned: PlannedRow[] = [];
    for (let i = from; i < Math.min(to, this.length); i++) planned.push(this.planRow(i));
    return planned;
  }
}

/** Bytes decoded and parsed in one step; larger chunks are cut to this. */
const STEP_BYTES = 64 * 1024;
/** How long one step may hold the event loop before it yields. */
const SLICE_MS = 5;

/**
 * Reads a bulk-send CSV as it arrives (an upload's file part, a file on disk): the header is
 * checked against the template at once, the rows are kept as parsed text (`BulkCsv`, planned later
 * in slices), so a file costs about its own text while it is read. Every cap is
 * enforced while reading, so a file over one is refused at the first byte past it, however much
 * follows: the total size (`maxBytes`), a cell's length (MAX_BULK_CELL_CHARS), the columns
 * (`bulkColumnLimit`) and the rows (MAX_BULK_ROWS). The work is cut into steps of at most 64 KB
 * and a few milliseconds, with a turn of the event loop between them, so other requests are
 * answered meanwhile. On refusal the source is not read further (a stream is destroyed).
 * @throws PAYLOAD_TOO_LARGE (413), BULK_CSV_CELL_TOO_LONG, BULK_CSV_TOO_MANY_COLUMNS (400),
 *   BULK_CSV_TOO_MANY_ROWS (413), BULK_SEND_CSV_INVALID (syntax, header, no rows)
 */
export async function readBulkCsv(
  source: AsyncIterable<Uint8Array>,
  template: EnvelopeGraph,
  maxBytes: number,
  identity: IdentityPolicy = { rule: DEFAULT_IDENTITY_RULE, signerEntersId: false },
): Promise<BulkCsv> {
  const parser = new CsvStreamParser({ maxCellChars: MAX_BULK_CELL_CHARS, maxColumns: bulkColumnLimit(template) });
  // ignoreBOM: the decoder keeps a byte order mark, for the parser to drop exactly one.
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  let csv: BulkCsv | null = null;
  let bytes = 0;
  let sliceStart = performance.now();
  const take = async (parsed: CsvRow[]) => {
    for (const row of parsed) {
      if (!csv) {
        csv = new BulkCsv(planBulkHeader(row, template, identity));
        if (performance.now() - sliceStart > SLICE_MS) await nextTurn();
      } else {
        if (csv.length === MAX_BULK_ROWS) throw tooManyRows(row.line);
        csv.add(row);
      }
    }
  };
  const nextTurn = async () => {
    await new Promise<void>((resolve) => setImmediate(resolve));
    sliceStart = performance.now();
  };
  try {
    for await (const chunk of source) {
      for (let at = 0; at < chunk.length; at += STEP_BYTES) {
        const step = chunk.subarray(at, at + STEP_BYTES);
        bytes += step.length;
        if (bytes > maxBytes)
          throw new AppError(
            'PAYLOAD_TOO_LARGE',
            `The CSV is larger than the ${Math.round(maxBytes / 1048576)} MB limit`,
          );
        await take(parser.push(decoder.decode(step, { stream: true })));
        await nextTurn();
      }
    }
    await take(parser.push(decoder.decode()));
    await take(parser.end());
  } catch (error) {
    throw asAppError(error);
  }
  // Assigned inside `take`, which the compiler does not follow.
  const read = csv as BulkCsv | null;
  if (!read || read.length === 0) throw noBulkRows();
  return read;
}

function tooManyRows(line: number): AppError {
  return new AppError('BULK_CSV_TOO_MANY_ROWS', `At most ${MAX_BULK_ROWS} rows per bulk send`, {
    issues: [{ path: ['csv'], message: `line ${line}: row ${MAX_BULK_ROWS + 1}, over the limit` }],
  });
}

function asAppError(error: unknown): unknown {
  if (error instanceof CsvSyntaxError)
    return new AppError('BULK_SEND_CSV_INVALID', 'The CSV cannot be read', {
      issues: [{ path: ['csv'], message: error.message }],
    });
  if (error instanceof CsvLimitError)
    return error.kind === 'cell'
      ? new AppError('BULK_CSV_CELL_TOO_LONG', `A cell of the CSV is longer than ${error.limit} characters`, {
          issues: [{ path: ['csv'], message: error.message }],
        })
      : new AppError('BULK_CSV_TOO_MANY_COLUMNS', `The CSV has more than ${error.limit} columns`, {
          issues: [{ path: ['csv'], message: error.message }],
        });
  return error;
}
