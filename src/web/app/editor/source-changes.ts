import type { EditorDocument, EditorSource, RecipientInput } from './types.js';

/** A recipient as the API's recipient inputs take it: an empty CUIL is none. */
const recipientBody = (input: RecipientInput) => ({
  name: input.name,
  email: input.email,
  role: input.role,
  signingOrder: input.signingOrder,
  cuil: input.cuil && input.cuil.trim() !== '' ? input.cuil.trim() : null,
  signatureLevel: input.signatureLevel,
});

type Changes = Pick<
  EditorSource,
  | 'createRecipient'
  | 'updateRecipient'
  | 'deleteRecipient'
  | 'createFields'
  | 'updateField'
  | 'deleteField'
  | 'updateSettings'
>;

/**
 * The editor's changes, the same routes under `…/editor` for every source (the web app's session,
 * the embedded editor's presign token): `change` posts one body to one suffix and answers the
 * document as it now is.
 */
export function editorChanges(change: (suffix: string, body: unknown) => Promise<EditorDocument>): Changes {
  return {
    createRecipient: (input) => change('/recipients', recipientBody(input)),
    updateRecipient: (id, input) => change('/recipients/update', { id, ...recipientBody(input) }),
    deleteRecipient: (recipientId) => change('/recipients/delete', { recipientId }),
    createFields: (fields) => change('/fields', { fields }),
    updateField: (field) => change('/fields/update', field),
    deleteField: (fieldId) => change('/fields/delete', { fieldId }),
    updateSettings: (input) => change('/settings', input),
  };
}
