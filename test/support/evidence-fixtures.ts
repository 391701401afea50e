import { createHash } from 'node:crypto';

import { PNG } from 'pngjs';

import type { EvidenceData, EvidenceEvent, EvidenceRecipient } from '../../src/infra/pdf/evidence/evidence-types.js';

/**
 * Realistic evidence data for the renderer tests: an Argentine lease signed by two people
 * (one drawn, one typed signature) with a third person in copy.
 */

export const sha = (s: string): string => createHash('sha256').update(s).digest('hex');

/** A transparent PNG with a dark-blue handwritten-looking stroke, made like a signature pad would. */
export function signaturePng(width = 360, height = 120): Uint8Array {
  const png = new PNG({ width, height });
  png.data.fill(0);
  const ink = (x: number, y: number): void => {
    for (let dx = -2; dx <= 2; dx++) {
      for (let dy = -2; dy <= 2; dy++) {
        const px = Math.round(x) + dx;
        const py = Math.round(y) + dy;
        if (px < 0 || py < 0 || px >= width || py >= height || dx * dx + dy * dy > 5) continue;
        const i = (py * width + px) * 4;
        png.data[i] = 20;
        png.data[i + 1] = 40;
        png.data[i + 2] = 110;
        png.data[i + 3] = 255;
      }
    }
  };
  for (let t = 0; t <= 1; t += 0.0005) {
    const x = 20 + t * (width - 40);
    const y = height / 2 + Math.sin(t * 14) * (height / 4) * (1 - t * 0.5) + Math.cos(t * 37) * 6;
    ink(x, y);
  }
  return new Uint8Array(PNG.sync.write(png));
}

const CHROME_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.127 Safari/537.36 Edg/126.0.2592.87';
const SAFARI_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const at = (iso: string): Date => new Date(iso);

export function realisticData(overrides: Partial<EvidenceData> = {}): EvidenceData {
  const recipients: EvidenceRecipient[] = [
    {
      id: 11,
      name: 'Ñandú García Peña',
      email: 'nandu.garcia@estudio-pena.com.ar',
      role: 'SIGNER',
      cuil: '20123456786',
      signingStatus: 'SIGNED',
      signedAt: at('2025-03-14T15:09:26.412Z'),
      rejectionReason: null,
      signingOrder: 1,
      signature: { kind: 'drawn', png: signaturePng() },
      sentAt: at('2025-03-14T13:00:02.100Z'),
      openedAt: at('2025-03-14T15:02:11.870Z'),
      ip: '190.210.34.77',
      userAgent: CHROME_UA,
    },
    {
      id: 12,
      name: 'María José Ibáñez',
      email: 'mjibanez@correo.example.com.ar',
      role: 'SIGNER',
      cuil: '27287654321',
      signingStatus: 'SIGNED',
      signedAt: at('2025-03-15T11:45:03.009Z'),
      rejectionReason: null,
      signingOrder: 2,
      signature: { kind: 'typed', text: 'María José Ibáñez' },
      sentAt: at('2025-03-14T15:09:27.001Z'),
      openedAt: at('2025-03-15T11:40:58.500Z'),
      ip: '2800:810:4a3:1b2c:9d8e:7f6a:5b4c:3d2e',
      userAgent: SAFARI_UA,
    },
    {
      id: 13,
      name: 'Lucía Fernández Öztürk',
      email: 'lucia.fernandez@inmobiliaria-sur.example',
      role: 'CC',
      cuil: null,
      signingStatus: 'NOT_SIGNED',
      signedAt: null,
      rejectionReason: null,
      signingOrder: null,
      signature: null,
      sentAt: null,
      openedAt: null,
      ip: null,
      userAgent: null,
    },
  ];
  const raw: Omit<EvidenceEvent, 'hash'>[] = [
    {
      at: at('2025-03-14T12:58:40.000Z'),
      type: 'DOCUMENT_CREATED',
      actor: 'API token “backoffice”',
      description: 'Document created from upload "Contrato de locación.pdf".',
      ip: '10.0.4.17',
      userAgent: 'firma-sdk/1.4.0 node/20.19.2',
    },
    {
      at: at('2025-03-14T13:00:02.100Z'),
      type: 'DOCUMENT_SENT',
      actor: 'Firma',
      description: 'Document sent to 3 recipients.',
      ip: null,
      userAgent: null,
    },
    {
      at: at('2025-03-14T15:02:11.870Z'),
      type: 'DOCUMENT_OPENED',
      actor: 'Ñandú García Peña <nandu.garcia@estudio-pena.com.ar>',
      description: 'Document opened.',
      ip: '190.210.34.77',
      userAgent: CHROME_UA,
    },
    {
      at: at('2025-03-14T15:09:20.300Z'),
      type: 'DOCUMENT_FIELD_INSERTED',
      actor: 'Ñandú García Peña <nandu.garcia@estudio-pena.com.ar>',
      description: 'Signature field on page 7 completed.',
      ip: '190.210.34.77',
      userAgent: CHROME_UA,
    },
    {
      at: at('2025-03-14T15:09:26.412Z'),
      type: 'DOCUMENT_RECIPIENT_COMPLETED',
      actor: 'Ñandú García Peña <nandu.garcia@estudio-pena.com.ar>',
      description: 'Recipient signed the document.',
      ip: '190.210.34.77',
      userAgent: CHROME_UA,
    },
    {
      at: at('2025-03-15T11:40:58.500Z'),
      type: 'DOCUMENT_OPENED',
      actor: 'María José Ibáñez <mjibanez@correo.example.com.ar>',
      description: 'Document opened.',
      ip: '2800:810:4a3:1b2c:9d8e:7f6a:5b4c:3d2e',
      userAgent: SAFARI_UA,
    },
    {
      at: at('2025-03-15T11:45:03.009Z'),
      type: 'DOCUMENT_RECIPIENT_COMPLETED',
      actor: 'María José Ibáñez <mjibanez@correo.example.com.ar>',
      description: 'Recipient signed the document.',
      ip: '2800:810:4a3:1b2c:9d8e:7f6a:5b4c:3d2e',
      userAgent: SAFARI_UA,
    },
    {
      at: at('2025-03-15T11:45:04.200Z'),
      type: 'DOCUMENT_COMPLETED',
      actor: 'Firma',
      description: 'All recipients completed; document sealed.',
      ip: null,
      userAgent: null,
    },
  ];
  let previous = '0'.repeat(64);
  const events = raw.map((e) => {
    previous = sha(`${previous}|${e.at.toISOString()}|${e.type}|${e.description}`);
    return { ...e, hash: previous };
  });
  return {
    language: 'en',
    envelope: {
      envelopeId: 'envelope_7Hq2x9KpLm4vR8sT',
      documentId: 1042,
      title: 'Contrato de locación — Av. Corrientes 1234, 5º B',
      status: 'COMPLETED',
      createdAt: at('2025-03-14T12:58:40.000Z'),
      sentAt: at('2025-03-14T13:00:02.100Z'),
      completedAt: at('2025-03-15T11:45:04.200Z'),
      timezone: 'America/Argentina/Buenos_Aires',
    },
    platformName: 'Estudio Peña & Asociados',
    serviceName: 'Firma',
    publicUrl: 'https://firma.estudio-pena.com.ar',
    items: [
      {
        title: 'Contrato de locación.pdf',
        pageCount: 7,
        originalSha256: sha('original contract'),
        finalSha256: sha('sealed final contract'),
      },
      {
        title: 'Anexo I — Inventario.pdf',
        pageCount: 2,
        originalSha256: sha('original annex'),
        finalSha256: sha('sealed final annex'),
      },
    ],
    recipients,
    events,
    auditChain: { head: previous, length: events.length, algorithm: 'SHA-256' },
    sealCertificate: {
      subject: 'CN=Firma Seal, O=Estudio Peña & Asociados, L=Buenos Aires, C=AR',
      fingerprintSha256: sha('seal certificate DER'),
    },
    generatedAt: at('2025-03-15T11:45:05.000Z'),
    ...overrides,
  };
}

/** The realistic data with the second signer rejecting instead of signing. */
export function rejectedData(language: 'en' | 'es' = 'en'): EvidenceData {
  const base = realisticData({ language });
  const [first, second, third] = base.recipients;
  if (!first || !second || !third) throw new Error('fixture changed');
  const rejecter: EvidenceRecipient = {
    ...second,
    signingStatus: 'REJECTED',
    signature: null,
    rejectionReason:
      'No estoy de acuerdo con la cláusula 7 (ajuste por inflación); pido que se revise antes de firmar.',
  };
  return {
    ...base,
    envelope: { ...base.envelope, status: 'REJECTED' },
    recipients: [first, rejecter, third],
    items: base.items.map((item) => ({ ...item, finalSha256: item.finalSha256 })),
  };
}

/** Many recipients and events, with long names, e-mails, user agents and descriptions. */
export function largeData(recipientCount = 50, eventCount = 500): EvidenceData {
  const base = realisticData();
  const png = signaturePng();
  const recipients: EvidenceRecipient[] = Array.from({ length: recipientCount }, (_, i) => ({
    id: 1000 + i,
    name:
      i % 7 === 0
        ? `Ñandú Bartolomé de las Mercedes García Peña y Fernández de Ibarguren Nº ${i}`
        : `Persona ${i} Pérez`,
    email:
      i % 5 === 0
        ? `una.direccion.de.correo.extremadamente.larga.numero.${i}@subdominio.departamento-legal.example.com.ar`
        : `persona${i}@example.com`,
    role: (['SIGNER', 'APPROVER', 'VIEWER', 'CC', 'ASSISTANT'] as const)[i % 5] ?? 'SIGNER',
    cuil: i % 3 === 0 ? null : `20${String(10000000 + i).padStart(8, '0')}${i % 10}`,
    signingStatus: i % 5 === 3 ? 'NOT_SIGNED' : 'SIGNED',
    signedAt: new Date(Date.UTC(2025, 2, 14, 15, i)),
    rejectionReason: null,
    signingOrder: i + 1,
    signature: i % 2 === 0 ? { kind: 'drawn', png } : { kind: 'typed', text: `Persona ${i} Pérez` },
    sentAt: new Date(Date.UTC(2025, 2, 14, 13, 0)),
    openedAt: new Date(Date.UTC(2025, 2, 14, 14, i)),
    ip: i % 2 ? '190.210.34.77' : '2800:810:4a3:1b2c:9d8e:7f6a:5b4c:3d2e',
    userAgent: `${CHROME_UA} ExtraToken/${'x'.repeat(i * 3)}`,
  }));
  const events: EvidenceEvent[] = Array.from({ length: eventCount }, (_, i) => ({
    at: new Date(Date.UTC(2025, 2, 14, 12, 0, i)),
    type:
      ['DOCUMENT_OPENED', 'DOCUMENT_FIELD_INSERTED', 'DOCUMENT_RECIPIENT_COMPLETED', 'SOMETHING_UNKNOWN_HAPPENED'][
        i % 4
      ] ?? 'DOCUMENT_OPENED',
    actor:
      i % 9 === 0
        ? 'Ñandú Bartolomé de las Mercedes García Peña y Fernández de Ibarguren <una.direccion.muy.larga@example.com.ar>'
        : `Persona ${i % 50} Pérez <persona${i % 50}@example.com>`,
    description:
      i % 11 === 0
        ? 'A long description of what happened, repeated so that it must wrap over several lines. '.repeat(3)
        : 'Field completed.',
    ip: i % 2 ? '190.210.34.77' : '2800:0810:04a3:1b2c:9d8e:7f6a:5b4c:3d2e',
    userAgent: i % 13 === 0 ? `${CHROME_UA} ${'VeryLongTokenWithoutAnySpaces'.repeat(6)}` : CHROME_UA,
    hash: sha(`event ${i}`),
  }));
  return {
    ...base,
    recipients,
    events,
    auditChain: { head: sha(`event ${eventCount - 1}`), length: eventCount, algorithm: 'SHA-256' },
  };
}
