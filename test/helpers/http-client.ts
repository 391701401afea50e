export interface HttpResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  /** Raw bytes, for binary answers. */
  bytes: Buffer;
}

export interface RequestOptions {
  json?: unknown;
  body?: BodyInit;
  headers?: Record<string, string>;
  /** Aborts the request (e.g. AbortSignal.timeout for a deadline). */
  signal?: AbortSignal;
  /** Overrides the client's token for one call; null sends no Authorization header. */
  token?: string | null;
}

/** A thin fetch wrapper for API tests: real HTTP against the real server. */
export class HttpClient {
  constructor(
    readonly baseUrl: string,
    readonly token: string | null,
  ) {}

  withToken(token: string | null): HttpClient {
    return new HttpClient(this.baseUrl, token);
  }

  get = (path: string, options?: RequestOptions) => this.request('GET', path, options);
  post = (path: string, options?: RequestOptions) => this.request('POST', path, options);
  delete = (path: string, options?: RequestOptions) => this.request('DELETE', path, options);
  put = (path: string, options?: RequestOptions) => this.request('PUT', path, options);

  async request<T = any>(method: string, path: string, options: RequestOptions = {}): Promise<HttpResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    const token = options.token === undefined ? this.token : options.token;
    if (token) headers.authorization ??= `Bearer ${token}`;
    let body = options.body;
    if (options.json !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = JSON.stringify(options.json);
    }
    const response = await fetch(this.baseUrl + path, {
      method,
      headers,
      body: body ?? null,
      ...(options.signal ? { signal: options.signal } : {}),
    });
    const bytes = Buffer.from(await response.arrayBuffer());
    const type = response.headers.get('content-type') ?? '';
    const parsed =
      type.includes('json') && bytes.length > 0
        ? (JSON.parse(bytes.toString('utf8')) as T)
        : (bytes.toString('utf8') as T);
    return { status: response.status, headers: response.headers, body: parsed, bytes };
  }
}
