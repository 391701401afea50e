// The signing API as the page calls it: the token travels only in the API's path, never with
// cookies or a Referer; a refusal becomes an ApiError carrying the API's code.
export class ApiError extends Error {
  constructor(status, body) {
    super(body?.message || `HTTP ${status}`);
    this.status = status;
    this.code = body?.code;
    this.issues = body?.issues;
    this.body = body;
  }
}

/**
 * One request to `api + path`; `networkError` is the message when Firma cannot be reached.
 * `keepCookie`: the answer sets a cookie the browser must keep (remote signing's round trip to the
 * provider; the cookie is scoped to Firma's callback and never sent back to the API).
 */
export async function callSigningApi(api, networkError, method, path = '', body, { keepCookie = false } = {}) {
  let response;
  try {
    response = await fetch(api + path, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: keepCookie ? 'same-origin' : 'omit',
      referrerPolicy: 'no-referrer',
    });
  } catch {
    throw new Error(networkError);
  }
  const json = response.headers.get('content-type')?.includes('json') ? await response.json() : null;
  if (!response.ok) throw new ApiError(response.status, json);
  return json;
}

/** The refusal as a sentence: the API's message and the detail of each issue. */
export function errorText(error) {
  const detail = error.issues?.map((i) => i.message).join(' ');
  return detail ? `${error.message}: ${detail}` : error.message;
}
