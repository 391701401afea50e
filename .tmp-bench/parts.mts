import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { buildApp } from '../src/app.js';
import { parseConfig } from '../src/config.js';
import { createApiToken } from '../src/domain/auth/create-api-token.js';
import { createPlatform } from '../src/domain/platforms/create-platform.js';
import { closeContext, createContext, createWorker } from '../src/server.js';
for (const database of ['sqlite', 'postgres']) {
  for (let i = 0; i < 3; i++) {
    const t: Record<string, number> = {};
    let m = performance.now();
    const lap = (k: string) => { const n = performance.now(); t[k] = Math.round(n - m); m = n; };
    const dataDir = mkdtempSync(join(tmpdir(), 'firma-p-'));
    const config = parseConfig({ PORT: '0', HOST: '127.0.0.1', FIRMA_DATA_DIR: dataDir, LOG_LEVEL: 'silent',
      ...(database === 'postgres' ? { DATABASE_URL: process.env.FIRMA_TEST_DATABASE_URL } : {}) });
    lap('config');
    const ctx = await createContext(config, database === 'postgres' ? { database: { pgSchema: `t_${randomBytes(6).toString('hex')}`, poolSize: 5 } } : {});
    lap('context');
    const worker = createWorker(ctx);
    lap('worker');
    const app = await buildApp(ctx);
    lap('buildApp');
    await app.listen({ port: 0, host: '127.0.0.1' });
    lap('listen');
    await createPlatform(ctx, { name: 'default' });
    await createApiToken(ctx, { platformName: 'default', scope: 'full' });
    lap('platform+token');
    await app.close(); await closeContext(ctx);
    console.log(database, JSON.stringify(t));
  }
}
process.exit(0);
