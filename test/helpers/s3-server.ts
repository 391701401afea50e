import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A real S3-protocol server (s3rver: PUT/GET with ranges, HEAD, multipart uploads; it checks the access key, not SigV4 signatures) on
 * 127.0.0.1, in its own process so its memory and CPU are not the test's, storing in a temp dir.
 */
export interface TestS3Server {
  endpoint: string;
  bucket: string;
  /** Where s3rver keeps objects (to corrupt one on purpose). */
  directory: string;
  /** The FIRMA_* variables that point a server at this bucket. */
  env: Record<string, string>;
  /** Stops the server (an outage); its objects stay. */
  stop(): Promise<void>;
  /** Starts it again on the same port, with the same objects. */
  start(): Promise<void>;
  close(): Promise<void>;
}

const SCRIPT = `
const S3rver = require(process.argv[1]);
const server = new S3rver({
  address: '127.0.0.1', port: Number(process.argv[4] ?? 0), silent: true, directory: process.argv[2],
  configureBuckets: [{ name: process.argv[3] }],
});
server.run().then(({ port }) => process.stdout.write(port + '\\n'), (e) => { console.error(e); process.exit(1); });
process.on('SIGTERM', () => server.close().then(() => process.exit(0)));
`;

/** Starts s3rver on `port` (0: any free port; a given one lets a node be pointed at it before it runs). */
export async function startS3Server(bucket = 'firma-test', port = 0): Promise<TestS3Server> {
  const directory = mkdtempSync(join(tmpdir(), 'firma-s3rver-'));
  const require = createRequire(import.meta.url);
  let child: ChildProcess;
  const run = (port: number) =>
    new Promise<number>((resolve, reject) => {
      // s3rver's ListObjectsV2 continuation tokens are DES-encrypted, a cipher OpenSSL 3 offers
      // only through its legacy provider: without it every truncated listing answers 500.
      child = spawn(
        process.execPath,
        ['--openssl-legacy-provider', '-e', SCRIPT, require.resolve('s3rver'), directory, bucket, String(port)],
        {
          stdio: ['ignore', 'pipe', 'inherit'],
        },
      );
      let out = '';
      child.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes('\n')) resolve(Number(out.trim()));
      });
      child.once('exit', (code) => reject(new Error(`s3rver exited with ${code}`)));
    });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  };
  const listening = await run(port);
  const endpoint = `http://127.0.0.1:${listening}`;
  return {
    endpoint,
    bucket,
    directory,
    env: {
      FIRMA_BLOB_STORE: 's3',
      FIRMA_S3_BUCKET: bucket,
      FIRMA_S3_REGION: 'us-east-1',
      FIRMA_S3_ENDPOINT: endpoint,
      FIRMA_S3_FORCE_PATH_STYLE: 'true',
      // s3rver's fixed credentials.
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
    },
    stop,
    async start() {
      await run(listening);
    },
    async close() {
      await stop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
