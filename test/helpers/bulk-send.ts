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

/** Polls the run until it is DONE (or the deadline passes). */
export async function waitForBulkSend(client: HttpClient, id: string, timeoutMs = 240_000) {
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
