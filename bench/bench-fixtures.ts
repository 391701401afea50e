/** The PDFs, payloads and template every bench sends: one definition, the same bytes everywhere. */
import { PDFDocument, StandardFonts } from 'pdf-lib';

export async function makePdf(pages: number, padBytes = 0): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < pages; i++)
    doc.addPage([595, 842]).drawText(`Contract page ${i + 1}`, { x: 50, y: 780, size: 14, font });
  // A large, incompressible attachment makes a realistic "scanned" size without many pages.
  if (padBytes > 0) {
    const noise = new Uint8Array(padBytes);
    for (let i = 0; i < padBytes; i += 65536) crypto.getRandomValues(noise.subarray(i, Math.min(padBytes, i + 65536)));
    await doc.attach(noise, 'scan.bin', { mimeType: 'application/octet-stream' });
  }
  return doc.save();
}

export function multipart(payload: unknown, pdf: Uint8Array): { body: Buffer; contentType: string } {
  const boundary = '----firmabench7d1f';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="payload"\r\n\r\n${JSON.stringify(payload)}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="contract.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  return {
    body: Buffer.concat([head, Buffer.from(pdf), Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

export const TYPICAL_PAYLOAD = {
  title: 'Bench contract',
  recipients: [
    {
      email: 'ana@example.com',
      name: 'Ana',
      role: 'SIGNER',
      fields: [
        { type: 'SIGNATURE', pageNumber: 1, pageX: 10, pageY: 80, width: 30, height: 8 },
        { type: 'TEXT', pageNumber: 1, pageX: 10, pageY: 70, width: 30, height: 5 },
      ],
    },
    {
      email: 'bruno@example.com',
      name: 'Bruno',
      role: 'SIGNER',
      fields: [
        { type: 'SIGNATURE', pageNumber: 1, pageX: 55, pageY: 80, width: 30, height: 8 },
        { type: 'DATE', pageNumber: 1, pageX: 55, pageY: 70, width: 30, height: 5 },
      ],
    },
  ],
};

/** The same one-page contract with TYPICAL_PAYLOAD's four fields written as placeholder tags. */
export async function makeTaggedPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595, 842]);
  page.drawText('Contract page 1', { x: 50, y: 780, size: 14, font });
  const tags: [string, number, number][] = [
    ['{{signature, r1}}', 60, 150],
    ['{{text, r1, required=true}}', 60, 240],
    ['{{signature, r2}}', 330, 150],
    ['{{date, r2}}', 330, 240],
  ];
  for (const [text, x, y] of tags) page.drawText(text, { x, y, size: 11, font });
  return doc.save();
}

export const TAGGED_PAYLOAD = {
  title: 'Bench contract',
  recipients: TYPICAL_PAYLOAD.recipients.map(({ fields: _fields, ...r }) => r),
};

/** TYPICAL_PAYLOAD's signers and fields as a TEMPLATE envelope; its numeric id and recipient ids. */
export async function createTemplate(url: string, auth: Record<string, string>) {
  const payload = {
    title: 'Bench template',
    type: 'TEMPLATE',
    recipients: TYPICAL_PAYLOAD.recipients.map((r) => ({
      ...r,
      fields: r.fields.map(({ pageNumber, pageX, pageY, ...f }) => ({
        ...f,
        identifier: 'contract.pdf',
        page: pageNumber,
        positionX: pageX,
        positionY: pageY,
      })),
    })),
  };
  const body = multipart(payload, await makePdf(1));
  const created = await fetch(`${url}/api/v2/envelope/create`, {
    method: 'POST',
    headers: { ...auth, 'content-type': body.contentType },
    body: new Uint8Array(body.body),
  });
  if (created.status !== 200) throw new Error(`template create failed: ${created.status} ${await created.text()}`);
  const { id } = (await created.json()) as { id: string };
  const envelope = (await (await fetch(`${url}/api/v2/envelope/${id}`, { headers: auth })).json()) as {
    secondaryId: string;
    recipients: { id: number }[];
  };
  return {
    templateId: Number(envelope.secondaryId.replace('template_', '')),
    recipientIds: envelope.recipients.map((r) => r.id),
  };
}
