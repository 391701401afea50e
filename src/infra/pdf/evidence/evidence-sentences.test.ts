import assert from 'node:assert/strict';
import { test } from 'node:test';
import { wordAuditEvent, type AuditEventToWord } from './evidence-sentences.js';

const ana = { kind: 'recipient', name: 'Ana García' } as const;
const sender = { kind: 'sender' } as const;
const system = { kind: 'system' } as const;
const H = (c: string) => c.repeat(64);
const ev = (
  type: string,
  data: Record<string, unknown>,
  who: AuditEventToWord['who'] = ana,
  recipientName = null as string | null,
) => ({
  type,
  data,
  who,
  recipientName,
});

test('each kind of entry is one sentence per language; hashes are labelled lines', () => {
  const cases: [AuditEventToWord, string, string, { label: string; value: string }[]?][] = [
    [
      ev(
        'DOCUMENT_CREATED',
        { title: 'Contrato', items: [{ id: 1, title: 'a.pdf', sha256: H('a'), pages: 2 }] },
        sender,
      ),
      'The sender (API) created the document “Contrato”, with 1 file.',
      'El remitente (API) creó el documento «Contrato», con 1 archivo.',
      [{ label: 'SHA-256 of the original — a.pdf', value: H('a') }],
    ],
    [
      ev('DOCUMENT_CREATED', { title: 'C', source: { type: 'TEMPLATE', templateId: 4 }, items: [] }, sender),
      'The sender (API) created the document “C” from template #4.',
      'El remitente (API) creó el documento «C» a partir de la plantilla n.º 4.',
    ],
    [
      ev('DOCUMENT_SENT', { distributionMethod: 'EMAIL', signingOrder: 'SEQUENTIAL', notified: [7] }, sender),
      'The sender (API) sent the document for signing (signing in order); 1 recipient notified by email.',
      'El remitente (API) envió el documento para firmar (firma en orden); se avisó por correo a 1 destinatario.',
    ],
    [
      ev('DOCUMENT_RESENT', { recipients: [1, 2] }, sender),
      'The sender (API) sent the signing request again to 2 recipients.',
      'El remitente (API) volvió a enviar la solicitud de firma a 2 destinatarios.',
    ],
    [ev('DOCUMENT_OPENED', {}), 'Ana García opened the document.', 'Ana García abrió el documento.'],
    [
      ev('DOCUMENT_FIELD_INSERTED', { fieldId: 9, fieldType: 'SIGNATURE', value: { typedSignature: 'Ana G' } }),
      'Ana García signed by typing “Ana G”.',
      'Ana García firmó escribiendo «Ana G».',
    ],
    [
      ev('DOCUMENT_FIELD_INSERTED', { fieldId: 9, fieldType: 'SIGNATURE', value: { drawnSignatureSha256: H('d') } }),
      'Ana García signed by drawing their signature.',
      'Ana García firmó dibujando su firma.',
      [{ label: 'SHA-256 of the signature image', value: H('d') }],
    ],
    [
      ev('DOCUMENT_FIELD_INSERTED', { fieldId: 3, fieldType: 'CHECKBOX', value: ['Sí', 'No'] }),
      'Ana García filled in the checkbox field #3 with “Sí”, “No”.',
      'Ana García completó el campo casilla n.º 3 con «Sí», «No».',
    ],
    [
      ev('DOCUMENT_FIELD_PREFILLED', { fieldId: 5, fieldType: 'TEXT', value: 'ACME' }, sender),
      'The sender prefilled the text field #5 with “ACME”.',
      'El remitente precompletó el campo texto n.º 5 con «ACME».',
    ],
    [
      ev('DOCUMENT_FIELD_UNINSERTED', { fieldId: 5, fieldType: 'DATE' }),
      'Ana García cleared the date field #5.',
      'Ana García borró el campo fecha n.º 5.',
    ],
    [
      ev('DOCUMENT_RECIPIENT_COMPLETED', { role: 'APPROVER', action: 'approved' }),
      'Ana García approved the document.',
      'Ana García aprobó el documento.',
    ],
    [
      ev('DOCUMENT_RECIPIENT_REJECTED', { reason: 'Falta una cláusula', recordedBy: 'recipient' }),
      'Ana García rejected the document. Reason: “Falta una cláusula”.',
      'Ana García rechazó el documento. Motivo: «Falta una cláusula».',
    ],
    [
      ev('DOCUMENT_RECIPIENT_REJECTED', { reason: 'x', recordedBy: 'api' }, sender, 'Bruno'),
      'Bruno rejected the document (recorded by the sender). Reason: “x”.',
      'Bruno rechazó el documento (registrado por el remitente). Motivo: «x».',
    ],
    [
      ev(
        'DOCUMENT_COMPLETED',
        { items: [{ id: 1, title: 'a.pdf', originalSha256: H('a'), finalSha256: H('f') }], certificateSha256: H('c') },
        system,
      ),
      'Every recipient finished; the document was sealed.',
      'Todos los destinatarios terminaron; el documento fue sellado.',
      [
        { label: 'SHA-256 of the sealed final file — a.pdf', value: H('f') },
        { label: 'SHA-256 of the certificate of completion', value: H('c') },
      ],
    ],
    [
      ev('RECIPIENT_EXPIRED', { expiresAt: '2026-01-01T00:00:00.000Z' }, system, 'Bruno'),
      'The signing period of Bruno expired.',
      'Venció el plazo de firma de Bruno.',
    ],
    [
      ev('DOCUMENT_ACCESS_AUTH_2FA_REQUESTED', { purpose: 'access' }),
      'Ana García asked for a verification code by email to see the document.',
      'Ana García pidió un código de verificación por correo para ver el documento.',
    ],
    [
      ev('DOCUMENT_ACCESS_AUTH_2FA_VALIDATED', { purpose: 'action' }),
      'Ana García verified their identity with the code sent by email before signing.',
      'Ana García confirmó su identidad con el código enviado por correo antes de firmar.',
    ],
    [
      ev('DOCUMENT_ACCESS_AUTH_2FA_FAILED', { purpose: 'access', triesLeft: 4 }),
      'Ana García typed a wrong verification code (4 tries left).',
      'Ana García escribió un código de verificación incorrecto (quedan 4 intentos).',
    ],
    [
      ev('RECIPIENT_VERIFICATION_PASSED', { method: 'PASSWORD' }),
      'Ana García entered the access code the sender gave them.',
      'Ana García ingresó el código de acceso que le dio el remitente.',
    ],
    [
      ev('RECIPIENT_VERIFICATION_FAILED', { method: 'CUIL', triesLeft: 0 }),
      'Ana García typed a CUIL that is not theirs (no tries left).',
      'Ana García escribió un CUIL que no es el suyo (sin más intentos).',
    ],
    [
      ev('DOCUMENT_CANCELLED', { previousStatus: 'PENDING' }, sender),
      'The sender (API) cancelled the document.',
      'El remitente (API) canceló el documento.',
    ],
  ];
  for (const [event, en, es, hashes] of cases) {
    const worded = { en: wordAuditEvent('en', event), es: wordAuditEvent('es', event) };
    assert.equal(worded.en.sentence, en);
    assert.equal(worded.es.sentence, es);
    if (hashes) assert.deepEqual(worded.en.hashes, hashes, event.type);
    else assert.deepEqual(worded.en.hashes, [], event.type);
    assert.equal(worded.es.hashes.length, worded.en.hashes.length);
  }
});

test('an edit is worded with what changed; an unknown type says who recorded it, never its members', () => {
  const worded = wordAuditEvent(
    'en',
    ev('RECIPIENT_UPDATED', { recipientId: 7, recipientName: 'Bo', changed: ['name', 'email', 'cuil'] }, sender),
  );
  assert.equal(worded.sentence, 'The sender (API) changed the recipient Bo (the name, the email address, the CUIL).');
  const unknown = wordAuditEvent('en', ev('SOMETHING_NEW', { item: { sha256: H('b'), pages: 3 } }, system));
  assert.equal(unknown.sentence, 'Firma recorded an event this version of Firma does not describe.');
  assert.deepEqual(unknown.hashes, [{ label: 'SHA-256', value: H('b') }]);
  assert.equal(
    wordAuditEvent('es', ev('SOMETHING_NEW', {}, system)).sentence,
    'Firma registró un evento que esta versión de Firma no describe.',
  );
});
