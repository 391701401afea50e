import { PNG } from 'pngjs';
import { CONSENT_VERSION, CONSENT_VERSIONS } from '../../src/domain/model/signing-consent.js';
import type { HttpClient } from './http-client.js';

/** The complete call's body: the recipient accepted the current electronic signature statement. */
export const CONSENT = { consent: { accepted: true, version: CONSENT_VERSION } };
/** The submit call's body part for a DIGITAL signer: they accepted the digital signature statement. */
export const DIGITAL_CONSENT = { consent: { accepted: true, version: CONSENT_VERSIONS.DIGITAL } };

export const tokenOf = (signingUrl: string): string => signingUrl.split('/sign/')[1]!;

/** A small PNG with a diagonal stroke, as a data URL: a drawn signature. */
export function drawnSignature(width = 120, height = 40): string {
  const png = new PNG({ width, height });
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const ink = Math.abs(y - (x * height) / width) < 2;
      png.data[i] = png.data[i + 1] = png.data[i + 2] = ink ? 0 : 255;
      png.data[i + 3] = ink ? 255 : 0;
    }
  return `data:image/png;base64,${PNG.sync.write(png).toString('base64')}`;
}

/**
 * Fills every field of the recipient with a valid value and completes; returns the completion answer.
 * `headers`: e.g. the caller's `x-firma-verification` token when the recipient must verify.
 */
export async function signAll(
  client: HttpClient,
  token: string,
  options: { drawn?: boolean; headers?: Record<string, string> } = {},
) {
  const headers = options.headers ?? {};
  const view = await client.get(`/api/v2/signing/${token}`, { headers });
  if (view.status !== 200) throw new Error(`open failed: ${view.status} ${JSON.stringify(view.body)}`);
  for (const f of view.body.fields as { id: number; type: string; fieldMeta: any }[]) {
    // Read-only fields (prefilled by the sender) are shown filled and refuse any input.
    if (f.fieldMeta?.readOnly) continue;
    const res = await client.post(`/api/v2/signing/${token}/field/${f.id}`, { json: valueFor(f, options), headers });
    if (res.status !== 200)
      throw new Error(`field ${f.id} ${f.type} failed: ${res.status} ${JSON.stringify(res.body)}`);
  }
  return client.post(`/api/v2/signing/${token}/complete`, { json: CONSENT, headers });
}

export function valueFor(f: { type: string; fieldMeta: any }, options: { drawn?: boolean } = {}): unknown {
  switch (f.type) {
    case 'SIGNATURE':
    case 'FREE_SIGNATURE':
      return {
        signature: options.drawn ? { type: 'drawn', image: drawnSignature() } : { type: 'typed', text: 'Ana García' },
      };
    case 'INITIALS':
      return { value: 'AG' };
    case 'NAME':
    case 'EMAIL':
    case 'DATE':
      return {};
    case 'NUMBER':
      return { value: String(f.fieldMeta?.minValue ?? 42) };
    case 'RADIO':
    case 'DROPDOWN':
      return { value: f.fieldMeta.values[0].value };
    case 'CHECKBOX':
      return { values: [f.fieldMeta.values[0].value] };
    default:
      return { value: 'Calle Falsa 123, Córdoba' };
  }
}

/** Polls the document until it reaches one of the statuses (the completion job runs asynchronously). */
export async function waitForStatus(
  client: HttpClient,
  documentId: number,
  statuses: string[],
  timeoutMs = 120_000,
): Promise<any> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await client.get(`/api/v2/document/${documentId}`);
    if (statuses.includes(res.body.status) && res.body.completedAt) return res.body;
    if (Date.now() > deadline) throw new Error(`document ${documentId} stayed ${res.body.status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
