import { makePdf } from '../support/pdf-fixtures.js';
import type { HttpClient, HttpResponse } from './http-client.js';

/** A valid CUIL (the spec's vector) and a second one, for two signers. */
export const CUIL_A = '20123456786';
export const CUIL_B = '27000000006';

let cachedPdf: Uint8Array | undefined;
/** A one-page A4 PDF with some text. */
export async function onePagePdf(): Promise<Uint8Array> {
  cachedPdf ??= await makePdf([{ mediaBox: [0, 0, 595, 842], label: 'Contrato de prueba — página 1' }]);
  return cachedPdf;
}

export function multipartBody(
  payload: unknown,
  files: { field: string; bytes: Uint8Array; name?: string }[],
  payloadFirst = false,
): FormData {
  const form = new FormData();
  const addFiles = () => {
    for (const f of files)
      form.append(f.field, new Blob([Buffer.from(f.bytes)], { type: 'application/pdf' }), f.name ?? 'contract.pdf');
  };
  if (!payloadFirst) addFiles();
  form.append('payload', typeof payload === 'string' ? payload : JSON.stringify(payload));
  if (payloadFirst) addFiles();
  return form;
}

/** A signer with a valid CUIL, a signature field and a text field, plus a CC. */
export function typicalPayload(overrides: Record<string, unknown> = {}) {
  return {
    title: 'Contrato de locación',
    externalId: 'ext-1',
    recipients: [
      {
        email: 'ana@example.com',
        name: 'Ana García',
        role: 'SIGNER',
        cuil: CUIL_A,
        fields: [
          { type: 'SIGNATURE', pageNumber: 1, pageX: 10, pageY: 80, width: 30, height: 8 },
          {
            type: 'TEXT',
            pageNumber: 1,
            pageX: 10,
            pageY: 70,
            width: 30,
            height: 5,
            fieldMeta: { type: 'text', label: 'Domicilio', required: true },
          },
        ],
      },
      {
        email: 'bruno@example.com',
        name: 'Bruno Díaz',
        role: 'SIGNER',
        cuil: CUIL_B,
        fields: [
          { type: 'SIGNATURE', pageNumber: 1, pageX: 55, pageY: 80, width: 30, height: 8 },
          { type: 'DATE', pageNumber: 1, pageX: 55, pageY: 70, width: 30, height: 5 },
        ],
      },
      { email: 'carla@example.com', name: 'Carla', role: 'CC' },
    ],
    ...overrides,
  };
}

export async function createDocument(
  client: HttpClient,
  payload: unknown = typicalPayload(),
  pdf?: Uint8Array,
  prefix = '/api/v2',
): Promise<HttpResponse> {
  return client.post(`${prefix}/document/create`, {
    body: multipartBody(payload, [{ field: 'file', bytes: pdf ?? (await onePagePdf()) }]),
  });
}

/** Creates and distributes; returns the document id and the signing URLs by recipient email. */
export async function createPendingDocument(
  client: HttpClient,
  payload: unknown = typicalPayload(),
  meta: Record<string, unknown> = { distributionMethod: 'NONE' },
) {
  const created = await createDocument(client, payload);
  if (created.status !== 200) throw new Error(`create failed: ${created.status} ${JSON.stringify(created.body)}`);
  const distributed = await client.post('/api/v2/document/distribute', {
    json: { documentId: created.body.id, meta, includeSigningUrls: true },
  });
  if (distributed.status !== 200)
    throw new Error(`distribute failed: ${distributed.status} ${JSON.stringify(distributed.body)}`);
  const urls = new Map<string, string>(
    (distributed.body.recipients as { email: string; signingUrl: string }[]).map((r) => [r.email, r.signingUrl]),
  );
  return {
    documentId: created.body.id as number,
    envelopeId: created.body.envelopeId as string,
    urls,
    distributed: distributed.body,
  };
}
