import { createRentalTemplate } from './templates.js';
import type { HttpClient } from './http-client.js';

/** The n-th valid person CUIL (prefix 20, DNI from 30,000,000 up, skipping check digit 10). */
export function nthCuil(n: number): string {
  const weights = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];
  for (let dni = 30_000_000 + n * 2; ; dni++) {
    const body = `20${dni}`;
    const sum = [...body].reduce((acc, d, i) => acc + Number(d) * weights[i]!, 0);
    const check = (11 - (sum % 11)) % 11;
    if (check !== 10) return `${body}${check}`;
  }
}

/** A CSV for the rental template: `rows` documents, each with both signers, a prefill and a title. */
export function rentalCsv(rows: number, mutate: (cells: string[], index: number) => void = () => undefined): string {
  const header = [
    'r1.name',
    'r1.email',
    'r1.cuil',
    'r2.name',
    'r2.email',
    'r2.cuil',
    'Domicilio',
    'Monto',
    'title',
    'externalId',
  ];
  const lines = [header.join(',')];
  for (let i = 0; i < rows; i++) {
    const cells = [
      `"Locador ${i}, Sr."`,
      `landlord${i}@example.com`,
      nthCuil(2 * i),
      `Locatario ${i}`,
      `tenant${i}@example.com`,
      nthCuil(2 * i + 1),
      `Calle ${i} 123`,
      String(1000 + i),
      `Contrato ${i}`,
      `bulk-${i}`,
    ];
    mutate(cells, i);
    lines.push(cells.join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

export function bulkSendBody(csv: string, payload: unknown = { distributeDocument: true }): FormData {
  const form = new FormData();
  form.append('payload', JSON.stringify(payload));
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'rows.csv');
  return form;
}

/**
 * Polls the run until it is DONE (or the deadline passes). Generous: 1,000 rows took over 4
 * minutes at load average 17 on two cores, and a busy machine must make a run slow, not failed.
 */
export async function waitForBulkSend(client: HttpClient, id: string, timeoutMs = 900_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await client.get(`/api/v2/bulk-send/${id}`);
    if (res.status !== 200) throw new Error(`bulk-send get: ${res.status} ${JSON.stringify(res.body)}`);
    if (res.body.status === 'DONE') return res.body;
    if (Date.now() > deadline)
      throw new Error(
        `bulk send not done: ${JSON.stringify({ ...res.body, documentIds: res.body.documentIds.length })}`,
      );
    await new Promise((r) => setTimeout(r, 250));
  }
}

export { createRentalTemplate };

export interface StreamedAnswer {
  /** 0 when the connection failed before an answer. */
  status: number;
  body: { code?: string; message?: string; issues?: unknown[] };
  /** Bytes of the CSV the client had handed to the connection when the answer came. */
  sentAtAnswer: number;
  /** Whether the whole CSV was handed over: false when the server stopped reading first. */
  finished: boolean;
}

/**
 * POSTs a bulk send whose CSV comes piece by piece from `csv`, encoded one piece at a time as the
 * connection takes them, so a test never holds a large file in memory.
 */
export async function streamBulkSend(
  baseUrl: string,
  token: string,
  templateId: number,
  csv: Iterable<string>,
  payload: unknown = { distributeDocument: true },
): Promise<StreamedAnswer> {
  const boundary = 'firmabulkstream';
  const encoder = new TextEncoder();
  const pieces = csv[Symbol.iterator]();
  let sent = 0;
  let finished = false;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(
        encoder.encode(
          `--${boundary}\r\nContent-Disposition: form-data; name="payload"\r\n\r\n${JSON.stringify(payload)}\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="rows.csv"\r\nContent-Type: text/csv\r\n\r\n`,
        ),
      );
    },
    pull(controller) {
      const next = pieces.next();
      if (next.done) {
        finished = true;
        controller.enqueue(encoder.encode(`\r\n--${boundary}--\r\n`));
        controller.close();
        return;
      }
      const bytes = encoder.encode(next.value);
      sent += bytes.length;
      controller.enqueue(bytes);
    },
  });
  const response = await fetch(`${baseUrl}/api/v2/template/${templateId}/bulk-send`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    body,
    duplex: 'half',
  } as RequestInit).catch(() => null);
  const sentAtAnswer = sent;
  if (!response) return { status: 0, body: {}, sentAtAnswer, finished };
  const text = await response.text();
  return {
    status: response.status,
    body: text ? (JSON.parse(text) as StreamedAnswer['body']) : {},
    sentAtAnswer,
    finished,
  };
}

const RENTAL_HEADER = 'r1.name,r1.email,r1.cuil,r2.name,r2.email,r2.cuil,Domicilio,Monto,title,externalId\r\n';

/**
 * The hostile files of issue 31, as pieces of text made on demand. `hugeCells`: 45 MB, ten rows
 * whose address cell is 4.5 MB each; `wideHeader`: a header of 200,000 columns; `manyRows`:
 * 100,000 valid rows (twice the cap), about 17 MB.
 */
export const hostileCsv = {
  *hugeCells(rows = 10, cellBytes = 4.5 * 1024 * 1024): Generator<string> {
    yield RENTAL_HEADER;
    const piece = 'x'.repeat(64 * 1024);
    for (let i = 0; i < rows; i++) {
      yield `Locador ${i},huge${i}@example.com,${nthCuil(2 * i)},Locatario ${i},huge-t${i}@example.com,${nthCuil(2 * i + 1)},`;
      for (let left = cellBytes; left > 0; left -= piece.length)
        yield left >= piece.length ? piece : piece.slice(0, left);
      yield `,${1000 + i},Huge ${i},huge-${i}\r\n`;
    }
  },
  *wideHeader(columns = 200_000): Generator<string> {
    for (let at = 0; at < columns; at += 1000) {
      const names: string[] = [];
      for (let c = at; c < Math.min(columns, at + 1000); c++) names.push(`c${c}`);
      yield (at === 0 ? '' : ',') + names.join(',');
    }
    yield '\r\nwide@example.com\r\n';
  },
  *manyRows(rows = 100_000): Generator<string> {
    yield RENTAL_HEADER;
    for (let i = 0; i < rows; i += 500) {
      const lines: string[] = [];
      for (let r = i; r < Math.min(rows, i + 500); r++)
        lines.push(
          `Locador ${r},many${r}@example.com,${nthCuil(2 * r)},Locatario ${r},many-t${r}@example.com,${nthCuil(2 * r + 1)},Calle ${r},${1000 + r},Many ${r},many-${r}\r\n`,
        );
      yield lines.join('');
    }
  },
};
