/** The little of oidc-provider (v9, untyped) the single sign-on tests use to run a real provider. */
declare module 'oidc-provider' {
  import type { Server } from 'node:http';

  interface Account {
    accountId: string;
    claims: () => Record<string, unknown>;
  }

  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    listen(port: number, host: string): Server;
    on(event: string, listener: (...args: unknown[]) => void): void;
  }
  export type { Account };
}
