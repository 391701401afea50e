import { startTestServer } from '../test/helpers/test-server.js';
for (const database of ['sqlite', 'postgres'] as const) {
  for (let i = 0; i < 4; i++) {
    const t = Date.now();
    const s = await startTestServer({ database });
    const up = Date.now() - t;
    const c = Date.now();
    await s.close();
    console.log(database, 'start', up, 'close', Date.now() - c);
  }
}
