import { z } from 'zod';
import { ZMetaInput } from '../../domain/model/envelope-meta.js';
import { ZCuil, ZRecipientEmail } from '../../domain/recipients/recipient-input.js';
import { ZPrefillField } from '../../domain/templates/prefill-fields.js';
import { ZFormValuesInput } from '../schemas/common.schema.js';
import { ZSigningRecipient } from '../schemas/views.schema.js';
import { ZAttachmentInput } from './document.schema.js';
import { ZEnvelopeIdString } from './envelope.schema.js';
import { ZRecordId } from '../../lib/record-id.js';

/** One of the template's recipients (by its id in the template) and the real person who takes the role. */
const ZUseRecipient = z.object({
  id: ZRecordId.describe('The template recipient’s id'),
  email: ZRecipientEmail,
  name: z.string().trim().max(255).optional().describe('Absent: the template recipient’s name'),
  signingOrder: z.number().int().min(0).max(10_000).optional(),
  cuil: ZCuil(20)
    .optional()
    .describe('Firma: the signer’s CUIL; required of every SIGNER when the document is distributed'),
});

/** What `use` may override: the title and these meta members (Documenso's list). */
const ZUseOverride = ZMetaInput.pick({
  subject: true,
  message: true,
  timezone: true,
  dateFormat: true,
  redirectUrl: true,
  distributionMethod: true,
  emailSettings: true,
  language: true,
  typedSignatureEnabled: true,
  uploadSignatureEnabled: true,
  drawSignatureEnabled: true,
  allowDictateNextSigner: true,
  envelopeExpirationPeriod: true,
}).extend({ title: z.string().trim().min(1).max(255).optional() });

const ZFormValues = ZFormValuesInput.optional();

const useMembers = {
  externalId: z.string().trim().max(255).optional(),
  recipients: z
    .array(ZUseRecipient)
    .max(100)
    .describe('Template recipients not named keep the template’s e-mail and name, as in Documenso'),
  distributeDocument: z
    .boolean()
    .optional()
    .describe('Send it in the same call; if it cannot be sent, nothing is created'),
  folderId: z.string().max(255).optional().describe('A DOCUMENT folder; absent: the root'),
  prefillFields: z
    .array(ZPrefillField)
    .max(500)
    .optional()
    .describe('Values for template fields by id: shown filled and read-only to the signer, printed in the final PDF'),
  override: ZUseOverride.optional(),
  attachments: z.array(ZAttachmentInput).max(50).optional().describe('Added to the template’s attachments'),
  formValues: ZFormValues,
};

export const ZTemplateUseBody = z
  .object({
    templateId: ZRecordId,
    ...useMembers,
    customDocumentDataId: z
      .string()
      .max(255)
      .optional()
      .describe(
        'Replaces the template’s first PDF: the documentDataId of a document or template item of yours (as document/create/beta answers it once its PDF is uploaded). Fields stay where they are; a PDF with fewer pages than they need is 400 CUSTOM_DOCUMENT_TOO_FEW_PAGES; an unknown id 404.',
      ),
    customDocumentData: z
      .array(z.object({ documentDataId: z.string().max(255), envelopeItemId: z.string().max(255) }))
      .max(20)
      .optional()
      .describe('Replaces the PDF of the template item `envelopeItemId` with the stored PDF `documentDataId`'),
  })
  .meta({ id: 'TemplateUseRequest' });

export const ZEnvelopeUsePayload = z
  .object({
    envelopeId: ZEnvelopeIdString.describe('The template envelope'),
    ...useMembers,
    recipients: useMembers.recipients.optional(),
    customDocumentData: z
      .array(
        z.object({ identifier: z.union([z.string().max(255), z.number().int()]), envelopeItemId: z.string().max(255) }),
      )
      .max(20)
      .optional()
      .describe(
        'Replaces the PDF of the template item `envelopeItemId` with the file sent in `files` whose name (or index, from 0) is `identifier`',
      ),
  })
  .meta({ id: 'EnvelopeUsePayload' });

export const ZEnvelopeUseBody = z.object({
  payload: ZEnvelopeUsePayload.describe('JSON text'),
  files: z
    .array(z.string().meta({ format: 'binary' }))
    .optional()
    .describe('Replacement PDFs, each named in payload.customDocumentData'),
});

export const ZEnvelopeUseResponse = z.object({
  id: z.string(),
  recipients: z
    .array(ZSigningRecipient)
    .describe(
      'Every recipient of the new document (CC too), by its new id; with distributeDocument each acting one carries its private token and signing URL, otherwise both are ""',
    ),
});
