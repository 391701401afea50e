import { API, ApiError, get, NETWORK_ERROR, post } from '../api.js';
import type { EditorDocument, EditorSource, IdentityOptions, RecipientInput } from './types.js';

/** A recipient as the API's recipient inputs take it: an empty CUIL is none. */
const recipientBody = (input: RecipientInput) => ({
  name: input.name,
  email: input.email,
  role: input.role,
  signingOrder: input.signingOrder,
  cuil: input.cuil && input.cuil.trim() !== '' ? input.cuil.trim() : null,
  signatureLevel: input.signatureLevel,
});

/**
 * The web app's editor source: the member's session on /api/app (editor routes, src/http/app/
 * editor.routes.ts), the team in the path. Documents are sent with the document page's distribute;
 * a template is never sent (no Send).
 */
export function appEditorSource(platformId: number, envelopeId: string, kind: 'documents' | 'templates'): EditorSource {
  const base = `/platforms/${platformId}/${kind}/${encodeURIComponent(envelopeId)}`;
  const change = (suffix: string, body: unknown) => post<EditorDocument>(`${base}/editor${suffix}`, body);
  return {
    load: () => get<EditorDocument>(`${base}/editor`),
    identity: () => get<IdentityOptions>(`/platforms/${platformId}/document-options`),
    pdf: async (itemId) => {
      let response: Response;
      try {
        response = await fetch(`${API}${base}/editor/items/${encodeURIComponent(itemId)}/pdf`, {
          credentials: 'same-origin',
        });
      } catch {
        throw new ApiError(0, NETWORK_ERROR);
      }
      if (!response.ok) throw new ApiError(response.status, 'NOT_FOUND');
      return response.arrayBuffer();
    },
    createRecipient: (input) => change('/recipients', recipientBody(input)),
    updateRecipient: (id, input) => change('/recipients/update', { id, ...recipientBody(input) }),
    deleteRecipient: (recipientId) => change('/recipients/delete', { recipientId }),
    createFields: (fields) => change('/fields', { fields }),
    updateField: (field) => change('/fields/update', field),
    deleteField: (fieldId) => change('/fields/delete', { fieldId }),
    updateSettings: (input) => change('/settings', input),
    distribute:
      kind === 'documents'
        ? async () => {
            await post(`${base}/distribute`);
          }
        : null,
  };
}
