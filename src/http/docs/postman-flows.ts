import { CONSENT_VERSION } from '../../domain/model/signing-consent.js';
import { type Doc, type METHODS, type PostmanRequestItem, requestItem } from './postman-request.js';

type Method = (typeof METHODS)[number];

/**
 * The collection variables the flows read and write. A new user sets only `api_token` and
 * `pdf_path` (and `webhook_url` for the webhook example); the scripts fill in the rest from each
 * answer, so the folders run in order in Postman's runner or in newman.
 */
export const FLOW_VARIABLES = [
  { key: 'pdf_path', value: 'contract.pdf', description: 'A PDF on your disk (Postman: a path it may read)' },
  { key: 'webhook_url', value: 'https://example.com/firma-webhook', description: 'Where the webhook example sends' },
  { key: 'document_id', value: '', description: 'Set by "1. Create"' },
  { key: 'envelope_id', value: '', description: 'Set by "1. Create"' },
  { key: 'signing_token', value: '', description: 'First signer, set by "3. Send"' },
  { key: 'signing_token_2', value: '', description: 'Second signer, set by "3. Send"' },
  { key: 'field_id', value: '', description: 'The signer’s signature field, set when the signer opens the document' },
  { key: 'poll_attempts', value: '0', description: 'Polls so far' },
  { key: 'template_envelope_id', value: '', description: 'Set by the template flow' },
  { key: 'template_id', value: '', description: 'Set by the template flow' },
  { key: 'template_recipient_id', value: '', description: 'Set by the template flow' },
  { key: 'template_recipient_id_2', value: '', description: 'Set by the template flow' },
  { key: 'webhook_id', value: '', description: 'Set by the webhook example' },
];

/** Two signers whose CUILs pass the check digit (20-12345678-6, 27-23456789-1). */
const SIGNERS = [
  { email: 'ana@example.com', name: 'Ana Pérez', cuil: '20123456786' },
  { email: 'bruno@example.com', name: 'Bruno Díaz', cuil: '27234567891' },
];
const signature = (pageX: number) => ({ type: 'SIGNATURE', pageNumber: 1, pageX, pageY: 80, width: 30, height: 8 });

const CREATE_PAYLOAD = {
  title: 'Contrato de locación',
  externalId: 'postman-typical-flow',
  recipients: SIGNERS.map((s, i) => ({ ...s, role: 'SIGNER', fields: [signature(i === 0 ? 10 : 55)] })),
};

const TEMPLATE_PAYLOAD = {
  title: 'Contrato de locación (plantilla)',
  type: 'TEMPLATE',
  recipients: [
    { email: '', name: 'Locador', role: 'SIGNER', signingOrder: 1, fields: [templateField(10)] },
    { email: '', name: 'Locatario', role: 'SIGNER', signingOrder: 2, fields: [templateField(55)] },
  ],
};
function templateField(positionX: number) {
  return { type: 'SIGNATURE', page: 1, positionX, positionY: 80, width: 30, height: 8 };
}

const json = (value: unknown) => JSON.stringify(value, null, 2);
/** A JSON body with number variables left unquoted (`{{document_id}}` is a number once substituted). */
const withNumbers = (value: unknown, names: string[]) =>
  names.reduce((text, name) => text.replaceAll(`"{{${name}}}"`, `{{${name}}}`), json(value));

const expectStatus = (status: number) => [`pm.test('answers ${status}', () => pm.response.to.have.status(${status}));`];
const expectPdf = [
  "pm.test('is a PDF', () => {",
  "  pm.expect(pm.response.headers.get('Content-Type')).to.include('application/pdf');",
  "  pm.expect(pm.response.text().slice(0, 5)).to.equal('%PDF-');",
  '});',
];

interface Step {
  name: string;
  path: string;
  method: Method;
  values?: Record<string, string>;
  test: string[];
}

function signingSteps(who: string, tokenVar: string, signerName: string, first: number): Step[] {
  const token = `{{${tokenVar}}}`;
  return [
    {
      name: `${first}. (${who}) open what to sign`,
      path: '/signing/{token}',
      method: 'get',
      values: { token },
      test: [
        ...expectStatus(200),
        'const view = pm.response.json();',
        "const field = view.fields.find((f) => f.type === 'SIGNATURE');",
        "pm.test('has a signature field', () => pm.expect(field).to.be.an('object'));",
        "pm.collectionVariables.set('field_id', field.id);",
      ],
    },
    {
      name: `${first + 1}. (${who}) sign the field`,
      path: '/signing/{token}/field/{fieldId}',
      method: 'post',
      values: { token, fieldId: '{{field_id}}', body: json({ signature: { type: 'typed', text: signerName } }) },
      test: [
        ...expectStatus(200),
        "pm.test('the field is filled', () => pm.expect(pm.response.json().inserted).to.equal(true));",
      ],
    },
    {
      name: `${first + 2}. (${who}) accept the statement shown and finish`,
      path: '/signing/{token}/complete',
      method: 'post',
      values: { token, body: json({ consent: { accepted: true, version: CONSENT_VERSION } }) },
      test: expectStatus(200),
    },
  ];
}

const POLL_NAME = '10. Poll until COMPLETED (or use the DOCUMENT_COMPLETED webhook)';

const TYPICAL: Step[] = [
  {
    name: '1. Create a document with its PDF, two signers and their fields',
    path: '/document/create',
    method: 'post',
    values: { payload: json(CREATE_PAYLOAD) },
    test: [
      ...expectStatus(200),
      'const created = pm.response.json();',
      "pm.collectionVariables.set('document_id', created.id);",
      "pm.collectionVariables.set('envelope_id', created.envelopeId);",
      "pm.collectionVariables.set('poll_attempts', 0);",
    ],
  },
  {
    name: '2. Read it back',
    path: '/document/{documentId}',
    method: 'get',
    values: { documentId: '{{document_id}}' },
    test: [
      ...expectStatus(200),
      "pm.test('is a DRAFT with two signers', () => {",
      "  pm.expect(pm.response.json().status).to.equal('DRAFT');",
      '  pm.expect(pm.response.json().recipients).to.have.length(2);',
      '});',
    ],
  },
  {
    name: '3. Send it, with the signing URLs (distributionMethod NONE: you hand them out)',
    path: '/document/distribute',
    method: 'post',
    values: {
      body: withNumbers(
        { documentId: '{{document_id}}', meta: { distributionMethod: 'NONE' }, includeSigningUrls: true },
        ['document_id'],
      ),
    },
    test: [
      ...expectStatus(200),
      'const sent = pm.response.json();',
      "pm.test('is PENDING', () => pm.expect(sent.status).to.equal('PENDING'));",
      `const tokenOf = (email) => sent.recipients.find((r) => r.email === email).signingUrl.split('/sign/')[1];`,
      `pm.collectionVariables.set('signing_token', tokenOf('${SIGNERS[0]!.email}'));`,
      `pm.collectionVariables.set('signing_token_2', tokenOf('${SIGNERS[1]!.email}'));`,
    ],
  },
  ...signingSteps(SIGNERS[0]!.name, 'signing_token', SIGNERS[0]!.name, 4),
  ...signingSteps(SIGNERS[1]!.name, 'signing_token_2', SIGNERS[1]!.name, 7),
  {
    name: POLL_NAME,
    path: '/document/{documentId}',
    method: 'get',
    values: { documentId: '{{document_id}}' },
    test: [
      ...expectStatus(200),
      // Sealing runs as a job: ask again every half second, for a minute at most.
      'const doc = pm.response.json();',
      "const attempts = Number(pm.collectionVariables.get('poll_attempts')) + 1;",
      "pm.collectionVariables.set('poll_attempts', attempts);",
      "if (pm.response.code === 200 && (doc.status !== 'COMPLETED' || !doc.completedAt) && attempts < 120) {",
      `  postman.setNextRequest(${JSON.stringify(POLL_NAME)});`,
      '  setTimeout(() => {}, 500);',
      '} else {',
      "  pm.test('is COMPLETED', () => pm.expect(doc.status).to.equal('COMPLETED'));",
      '}',
    ],
  },
  {
    name: '11. Download the sealed PDF',
    path: '/document/{documentId}/download',
    method: 'get',
    values: { documentId: '{{document_id}}' },
    test: [...expectStatus(200), ...expectPdf],
  },
  {
    name: '12. Download the completion certificate',
    path: '/document/{documentId}/certificate',
    method: 'get',
    values: { documentId: '{{document_id}}' },
    test: [...expectStatus(200), ...expectPdf],
  },
];

const TEMPLATE: Step[] = [
  {
    name: '1. Create a template: placeholder signers and their fields',
    path: '/envelope/create',
    method: 'post',
    values: { payload: json(TEMPLATE_PAYLOAD) },
    test: [...expectStatus(200), "pm.collectionVariables.set('template_envelope_id', pm.response.json().id);"],
  },
  {
    name: '2. Read the template: its id and its recipients’ ids',
    path: '/envelope/{envelopeId}',
    method: 'get',
    values: { envelopeId: '{{template_envelope_id}}' },
    test: [
      ...expectStatus(200),
      'const template = pm.response.json();',
      "pm.test('is a TEMPLATE', () => pm.expect(template.type).to.equal('TEMPLATE'));",
      "pm.collectionVariables.set('template_id', Number(template.secondaryId.replace('template_', '')));",
      'const byName = (name) => template.recipients.find((r) => r.name === name).id;',
      "pm.collectionVariables.set('template_recipient_id', byName('Locador'));",
      "pm.collectionVariables.set('template_recipient_id_2', byName('Locatario'));",
    ],
  },
  {
    name: '3. Use it: a document for two people, sent at once',
    path: '/template/use',
    method: 'post',
    values: {
      body: withNumbers(
        {
          templateId: '{{template_id}}',
          recipients: SIGNERS.map((s, i) => ({ id: `{{template_recipient_id${i ? '_2' : ''}}}`, ...s })),
          distributeDocument: true,
        },
        ['template_id', 'template_recipient_id', 'template_recipient_id_2'],
      ),
    },
    test: [
      ...expectStatus(200),
      'const doc = pm.response.json();',
      "pm.test('is PENDING with the two signers', () => {",
      "  pm.expect(doc.status).to.equal('PENDING');",
      `  pm.expect(doc.recipients.map((r) => r.email).sort()).to.eql(${JSON.stringify(SIGNERS.map((s) => s.email))});`,
      '});',
      "pm.collectionVariables.set('document_id', doc.id);",
    ],
  },
];

const DELIVERIES_NAME = '3. Its deliveries: wait until the test event was delivered';

const WEBHOOK: Step[] = [
  {
    name: '1. Register an endpoint for completions',
    path: '/webhook/create',
    method: 'post',
    values: { body: json({ url: '{{webhook_url}}', events: ['DOCUMENT_COMPLETED', 'DOCUMENT_SIGNED'] }) },
    test: [
      // Without an endpoint the rest of the folder has nothing to call: stop here and say why
      // (for a local receiver, Firma's answer names FIRMA_WEBHOOK_ALLOW_PRIVATE).
      'if (pm.response.code !== 200) {',
      "  const why = (pm.response.json() || {}).message || 'HTTP ' + pm.response.code;",
      "  pm.test('registers the endpoint (' + why + ')', () => pm.expect.fail(why));",
      '  postman.setNextRequest(null);',
      '} else {',
      '  const hook = pm.response.json();',
      "  pm.test('shows its secret once', () => pm.expect(hook.secret).to.be.a('string'));",
      "  pm.collectionVariables.set('webhook_id', hook.id);",
      "  pm.collectionVariables.set('poll_attempts', 0);",
      '}',
    ],
  },
  {
    name: '2. Send it a test event (verify X-Firma-Signature with the secret)',
    path: '/webhook/{id}/test',
    method: 'post',
    values: { id: '{{webhook_id}}' },
    test: expectStatus(200),
  },
  {
    name: DELIVERIES_NAME,
    path: '/webhook/{id}/deliveries',
    method: 'get',
    values: { id: '{{webhook_id}}' },
    test: [
      ...expectStatus(200),
      'const delivery = pm.response.json().data[0];',
      "const attempts = Number(pm.collectionVariables.get('poll_attempts')) + 1;",
      "pm.collectionVariables.set('poll_attempts', attempts);",
      "if (pm.response.code === 200 && delivery && delivery.status !== 'delivered' && delivery.status !== 'failed' && attempts < 60) {",
      `  postman.setNextRequest(${JSON.stringify(DELIVERIES_NAME)});`,
      '  setTimeout(() => {}, 500);',
      '} else {',
      "  pm.test('the test event was delivered', () => pm.expect(delivery.status).to.equal('delivered'));",
      '}',
    ],
  },
  {
    name: '4. Remove it',
    path: '/webhook/delete',
    method: 'post',
    values: { body: json({ id: '{{webhook_id}}' }) },
    test: expectStatus(200),
  },
];

/**
 * The folders that run in order: "Typical flow" (create → send → both signers sign → COMPLETED →
 * download the sealed PDF and the certificate), "Template flow" and "Webhook". Each request has a
 * test script asserting its status and storing what the next request needs.
 */
export function postmanFlows(doc: Doc) {
  const folder = (name: string, description: string, steps: Step[]) => ({
    name,
    description,
    item: steps
      .filter((s) => doc.paths?.[s.path]?.[s.method])
      .map((s): PostmanRequestItem => ({
        ...requestItem(doc, '/api/v2', s.path, s.method, doc.paths![s.path]![s.method]!, s.name, s.values),
        event: [{ listen: 'test', script: { type: 'text/javascript', exec: s.test } }],
      })),
  });
  return [
    folder(
      'Typical flow',
      'Create → distribute → recipients sign → COMPLETED → download, in order. Set api_token and pdf_path, then run the folder.',
      TYPICAL,
    ),
    folder('Template flow', 'A template with two placeholder signers, used for two people and sent.', TEMPLATE),
    folder('Webhook', 'Register an endpoint, send it a test event, read its deliveries, remove it.', WEBHOOK),
  ];
}
