import type { Server } from 'node:http';
import Provider, { type Account } from 'oidc-provider';

/**
 * A real OpenID Connect provider (oidc-provider) for the single sign-on tests, on a port chosen
 * before Firma starts (Firma's FIRMA_OIDC_ISSUER names it): one static confidential client whose
 * redirect URI is Firma's callback, the dev login and consent forms, and accounts the test sets
 * (id → claims).
 */
export interface TestProvider {
  issuer: string;
  close(): Promise<void>;
}

export const TEST_CLIENT = { id: 'firma-test', secret: 'firma-test-client-secret-0123456789' };

export function startOidcProvider(
  port: number,
  redirectUri: string,
  accounts: Record<string, { email: string; email_verified: boolean; name?: string }>,
): TestProvider {
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: TEST_CLIENT.id,
        client_secret: TEST_CLIENT.secret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    findAccount: (_ctx: unknown, id: string): Account | undefined => {
      const claims = accounts[id];
      return claims ? { accountId: id, claims: () => ({ sub: id, ...claims }) } : undefined;
    },
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['oidc-test-cookie-key'] },
  });
  provider.on('server_error', () => undefined);
  const server: Server = provider.listen(port, '127.0.0.1');
  return {
    issuer,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * A browser for the code flow: keeps each host's cookies, follows redirects one by one, fills the
 * provider's dev login (as `accountId`) and consent forms, and stops at the first URL that starts
 * with `stopAt` (Firma's callback), which it answers without opening.
 */
export class FlowBrowser {
  private readonly jar = new Map<string, Map<string, string>>();

  cookieHeader(url: string): string {
    const cookies = this.jar.get(new URL(url).host) ?? new Map<string, string>();
    return [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(url: string, init: { method?: string; form?: Record<string, string> } = {}): Promise<Response> {
    const headers: Record<string, string> = { cookie: this.cookieHeader(url) };
    let body: string | null = null;
    if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form).toString();
    }
    const response = await fetch(url, { method: init.method ?? 'GET', headers, body, redirect: 'manual' });
    const host = new URL(url).host;
    const cookies = this.jar.get(host) ?? new Map<string, string>();
    for (const setCookie of response.headers.getSetCookie()) {
      const [pair = ''] = setCookie.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at);
      const value = pair.slice(at + 1);
      if (value === '' || /Max-Age=0/i.test(setCookie)) cookies.delete(name);
      else cookies.set(name, value);
    }
    this.jar.set(host, cookies);
    return response;
  }

  async signInAtProvider(startUrl: string, accountId: string, stopAt: string): Promise<string> {
    let url = startUrl;
    let method = 'GET';
    let form: Record<string, string> | undefined;
    for (let step = 0; step < 20; step++) {
      if (url.startsWith(stopAt)) return url;
      const response = await this.request(url, { method, ...(form ? { form } : {}) });
      method = 'GET';
      form = undefined;
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        url = new URL(location, url).href;
        continue;
      }
      const html = await response.text();
      const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
      const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
      if (response.status !== 200 || !action || !prompt)
        throw new Error(`unexpected ${response.status} at ${url}: ${html.slice(0, 300)}`);
      url = new URL(action, url).href;
      method = 'POST';
      form = prompt === 'login' ? { prompt, login: accountId, password: 'any' } : { prompt };
    }
    throw new Error('too many steps');
  }
}
