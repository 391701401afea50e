// The signing API as the page calls it: the token travels only in the API's path, never in a
// Referer; a refusal becomes an ApiError carrying the API's code. A passed verification belongs to
// this browser: the API keeps it in an HttpOnly SameSite=Strict cookie (sent with every same-origin
// call), and the page also holds the answer's verificationToken in memory and sends it as
// X-Firma-Verification, for a page embedded in another site's frame, where no such cookie is sent.
let verificationToken = null;

/** The headers that carry this page's verification (see above); none before it verified. */
export function verificationHeaders() {
  return verificationToken ? { 'x-firma-verification': verificationToken } : {};
}

export class ApiError extends Error {
  constructor(status, body) {
    super(body?.message || `HTTP ${status}`);
    this.status = status;
    this.code = body?.code;
    this.issues = body?.issues;
    this.body = body;
  }
}

/** One request to `api + path`; `networkError` is the message when Firma cannot be reached. */
export async function callSigningApi(api, networkError, method, path = '', body) {
  let response;
  try {
    response = await fetch(api + path, {
      method,
      headers: { ...verificationHeaders(), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      referrerPolicy: 'no-referrer',
    });
  } catch {
    throw new Error(networkError);
  }
  const json = response.headers.get('content-type')?.includes('json') ? await response.json() : null;
  if (!response.ok) throw new ApiError(response.status, json);
  if (typeof json?.verificationToken === 'string') verificationToken = json.verificationToken;
  return json;
}

/** The refusal as a sentence: the API's message and the detail of each issue. */
export function errorText(error) {
  const detail = error.issues?.map((i) => i.message).join(' ');
  return detail ? `${error.message}: ${detail}` : error.message;
}
