import { multipartBody, onePagePdf } from './documents.js';
import type { HttpClient } from './http-client.js';

/** Field positions of the rental template, in percent of the page (the final PDF is checked against them). */
export const TEMPLATE_FIELDS = {
  landlordSignature: { type: 'SIGNATURE', page: 1, positionX: 10, positionY: 80, width: 30, height: 8 },
  address: { type: 'TEXT', page: 1, positionX: 10, positionY: 20, width: 40, height: 5 },
  amount: { type: 'NUMBER', page: 1, positionX: 10, positionY: 30, width: 30, height: 5 },
  tenantSignature: { type: 'SIGNATURE', page: 1, positionX: 55, positionY: 80, width: 30, height: 8 },
  period: { type: 'DROPDOWN', page: 1, positionX: 55, positionY: 30, width: 30, height: 5 },
  tenantAddress: { type: 'TEXT', page: 1, positionX: 55, positionY: 40, width: 40, height: 5 },
} as const;

/**
 * A TEMPLATE envelope (created with /envelope/create type TEMPLATE, as Firma has always allowed):
 * two placeholder signers (no e-mail yet) with three fields each. Returns its ids and its
 * recipients' and fields' ids by role. `cuils`: set on the template's signers (the SDK has no CUIL member).
 */
export async function createRentalTemplate(
  client: HttpClient,
  title = 'Contrato de locación (plantilla)',
  cuils: [string, string] | [] = [],
) {
  const field = (name: keyof typeof TEMPLATE_FIELDS, fieldMeta?: Record<string, unknown>) => ({
    ...TEMPLATE_FIELDS[name],
    identifier: 'contract.pdf',
    ...(fieldMeta ? { fieldMeta } : {}),
  });
  const payload = {
    title,
    type: 'TEMPLATE',
    recipients: [
      {
        email: '',
        name: 'Locador',
        role: 'SIGNER',
        ...(cuils[0] ? { cuil: cuils[0] } : {}),
        signingOrder: 1,
        fields: [
          field('landlordSignature'),
          field('address', { type: 'text', label: 'Domicilio', required: true }),
          field('amount', { type: 'number', label: 'Monto', minValue: 1, maxValue: 10_000_000 }),
        ],
      },
      {
        email: '',
        name: 'Locatario',
        role: 'SIGNER',
        ...(cuils[1] ? { cuil: cuils[1] } : {}),
        signingOrder: 2,
        fields: [
          field('tenantSignature'),
          field('period', { type: 'dropdown', values: [{ value: 'Mensual' }, { value: 'Anual' }] }),
          field('tenantAddress', { type: 'text', label: 'Domicilio del locatario' }),
        ],
      },
    ],
    attachments: [{ label: 'Reglamento', data: 'https://example.com/reglamento.pdf' }],
    meta: { subject: 'Plantilla', dateFormat: 'dd/MM/yyyy' },
  };
  const created = await client.post('/api/v2/envelope/create', {
    body: multipartBody(payload, [{ field: 'files', bytes: await onePagePdf(), name: 'contract.pdf' }]),
  });
  if (created.status !== 200) throw new Error(`template create: ${created.status} ${JSON.stringify(created.body)}`);
  const envelope = await client.get(`/api/v2/envelope/${created.body.id as string}`);
  const body = envelope.body as {
    id: string;
    secondaryId: string;
    recipients: { id: number; name: string }[];
    fields: { id: number; type: string; recipientId: number; positionY: unknown }[];
  };
  const [landlord, tenant] = [
    body.recipients.find((r) => r.name === 'Locador')!,
    body.recipients.find((r) => r.name === 'Locatario')!,
  ];
  const fieldOf = (recipientId: number, type: string, y: number) =>
    body.fields.find((f) => f.recipientId === recipientId && f.type === type && Number(f.positionY) === y)!.id;
  return {
    envelopeId: body.id,
    templateId: Number(body.secondaryId.replace('template_', '')),
    landlord: landlord.id,
    tenant: tenant.id,
    fields: {
      landlordSignature: fieldOf(landlord.id, 'SIGNATURE', 80),
      address: fieldOf(landlord.id, 'TEXT', 20),
      amount: fieldOf(landlord.id, 'NUMBER', 30),
      tenantSignature: fieldOf(tenant.id, 'SIGNATURE', 80),
      period: fieldOf(tenant.id, 'DROPDOWN', 30),
      tenantAddress: fieldOf(tenant.id, 'TEXT', 40),
    },
  };
}

/**
 * A TEMPLATE for direct links: a landlord with a real e-mail and CUIL (signing order 1) and a
 * tenant placeholder (the visitor's role, signing order 2), each with a signature and a text field.
 * `landlordEmail: ''` makes it a template the link cannot be used with; `clientEmail` and
 * `clientCuil` complete the tenant, so that a link for the landlord can be made.
 */
export async function createDirectTemplate(
  client: HttpClient,
  options: { landlordEmail?: string; cuil?: string; clientEmail?: string; clientCuil?: string } = {},
) {
  const field = (name: keyof typeof TEMPLATE_FIELDS, fieldMeta?: Record<string, unknown>) => ({
    ...TEMPLATE_FIELDS[name],
    identifier: 'contract.pdf',
    ...(fieldMeta ? { fieldMeta } : {}),
  });
  const payload = {
    title: 'Alta de cliente',
    type: 'TEMPLATE',
    recipients: [
      {
        email: options.landlordEmail ?? 'landlord@example.com',
        name: 'Locador',
        role: 'SIGNER',
        cuil: options.cuil ?? '20123456786',
        signingOrder: 1,
        fields: [field('landlordSignature')],
      },
      {
        email: options.clientEmail ?? '',
        name: 'Cliente',
        role: 'SIGNER',
        ...(options.clientCuil ? { cuil: options.clientCuil } : {}),
        signingOrder: 2,
        fields: [
          field('tenantSignature'),
          field('tenantAddress', { type: 'text', label: 'Domicilio', required: true }),
        ],
      },
    ],
  };
  const created = await client.post('/api/v2/envelope/create', {
    body: multipartBody(payload, [{ field: 'files', bytes: await onePagePdf(), name: 'contract.pdf' }]),
  });
  if (created.status !== 200) throw new Error(`template create: ${created.status} ${JSON.stringify(created.body)}`);
  const envelope = await client.get(`/api/v2/envelope/${created.body.id as string}`);
  const body = envelope.body as { id: string; secondaryId: string; recipients: { id: number; name: string }[] };
  return {
    envelopeId: body.id,
    templateId: Number(body.secondaryId.replace('template_', '')),
    landlord: body.recipients.find((r) => r.name === 'Locador')!.id,
    client: body.recipients.find((r) => r.name === 'Cliente')!.id,
  };
}
