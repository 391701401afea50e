import { ApiError, NETWORK_ERROR } from '../api.js';
import { editorChanges } from './source-changes.js';
import type { EditorDocument, EditorSource, IdentityOptions } from './types.js';

/** The embedded editor's routes (src/http/embed-authoring/embed-authoring.routes.ts). */
export const EMBED_API = '/api/embed-authoring';

/**
 * A call with the presign token as the bearer: no cookie is sent or needed (the frame is
 * third-party, and the token is the credential), so there is no CSRF to guard against. Errors
 * become ApiError codes, shown in the page's words like the app's.
 */
export async function embedCall<T>(token: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', authorization: `Bearer ${token}` };
  const isForm = body instanceof FormData;
  if (body !== undefined && !isForm) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(EMBED_API + path, {
      method,
      headers,
      body: body === undefined ? null : isForm ? body : JSON.stringify(body),
      credentials: 'omit',
    });
  } catch {
    throw new ApiError(0, NETWORK_ERROR);
  }
  if (!response.ok) {
    const answer = (await response.json().catch(() => null)) as { code?: unknown } | null;
    throw new ApiError(response.status, typeof answer?.code === 'string' ? answer.code : 'UNKNOWN');
  }
  return (method === 'GET' && path.endsWith('/pdf') ? response.arrayBuffer() : response.json()) as Promise<T>;
}

/**
 * The embedded editor's source: the presign token to its own routes, one envelope in the path
 * (a scoped token reaches no other). `distribute` only when the embedding app's features allow
 * sending (Documenso's embedded editor never sends by default).
 */
export function embedEditorSource(
  token: string,
  envelopeId: string,
  type: 'DOCUMENT' | 'TEMPLATE',
  allowSend: boolean,
): EditorSource {
  const base = `/${type === 'TEMPLATE' ? 'templates' : 'documents'}/${encodeURIComponent(envelopeId)}`;
  const change = (suffix: string, body: unknown) =>
    embedCall<EditorDocument>(token, 'POST', `${base}/editor${suffix}`, body);
  return {
    load: () => embedCall<EditorDocument>(token, 'GET', `${base}/editor`),
    identity: () => embedCall<IdentityOptions>(token, 'GET', `${base}/document-options`),
    pdf: (itemId) => embedCall<ArrayBuffer>(token, 'GET', `${base}/editor/items/${encodeURIComponent(itemId)}/pdf`),
    ...editorChanges(change),
    distribute:
      allowSend && type === 'DOCUMENT'
        ? async () => {
            await embedCall(token, 'POST', `${base}/distribute`, {});
          }
        : null,
  };
}
