import { API, ApiError, get, NETWORK_ERROR, post } from '../api.js';
import { editorChanges } from './source-changes.js';
import type { EditorDocument, EditorSource, IdentityOptions } from './types.js';

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
    ...editorChanges(change),
    distribute:
      kind === 'documents'
        ? async () => {
            await post(`${base}/distribute`);
          }
        : null,
  };
}
