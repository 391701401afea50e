/**
 * An RFC 3161 authority for the tests: openssl's `ts -reply` behind a loopback HTTP server, with a
 * self-signed certificate for the timeStamping purpose.
 */
import { execFile, execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

export interface TestTsa {
  url: string;
  /** The TSA's certificate (PEM file path and text): what `openssl ts -verify -CAfile` trusts. */
  certificatePath: string;
  certificatePem: string;
  close(): Promise<void>;
}

/** A TSA certificate a CA issued (its key, certificate and the issuing chain, PEM files). */
export interface IssuedTsaCertificate {
  keyPath: string;
  certificatePath: string;
  chainPath: string;
}

/**
 * The request handler alone, over a directory it fills with the TSA's key, certificate and config:
 * self-signed, or `issued` by a CA (then the tokens carry the chain, as a real authority's do).
 */
export function setUpOpensslTsa(dir: string, issued?: IssuedTsaCertificate): RequestListener {
  mkdirSync(dir, { recursive: true });
  if (issued) {
    writeFileSync(join(dir, 'tsa.key'), readFileSync(issued.keyPath));
    writeFileSync(join(dir, 'tsa.crt'), readFileSync(issued.certificatePath));
  } else
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        join(dir, 'tsa.key'),
        '-out',
        join(dir, 'tsa.crt'),
        '-days',
        '30',
        '-subj',
        '/CN=Firma Test TSA',
        '-addext',
        'extendedKeyUsage=critical,timeStamping',
      ],
      { stdio: 'ignore' },
    );
  writeFileSync(join(dir, 'tsaserial'), '01\n');
  writeFileSync(
    join(dir, 'tsa.cnf'),
    [
      '[ tsa ]',
      'default_tsa = tsa_config1',
      '[ tsa_config1 ]',
      `serial = ${join(dir, 'tsaserial')}`,
      'signer_digest = sha256',
      'default_policy = 1.2.3.4.1',
      'digests = sha256',
      'accuracy = secs:1',
      'ess_cert_id_alg = sha256',
      'ess_cert_id_chain = no',
      '',
    ].join('\n'),
  );
  let counter = 0;
  return (request, response) => {
    // One connection per request: a client reusing a kept-alive socket the server closes at that
    // moment gets ECONNRESET, and on a loaded machine the two timers cross (a flaky TSA_FAILED).
    response.shouldKeepAlive = false;
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const id = ++counter;
      const query = join(dir, `req-${id}.tsq`);
      const reply = join(dir, `resp-${id}.tsr`);
      void writeFile(query, Buffer.concat(chunks))
        .then(() =>
          execFileAsync('openssl', [
            'ts',
            '-reply',
            '-queryfile',
            query,
            '-signer',
            join(dir, 'tsa.crt'),
            '-inkey',
            join(dir, 'tsa.key'),
            ...(issued ? ['-chain', issued.chainPath] : []),
            '-config',
            join(dir, 'tsa.cnf'),
            '-out',
            reply,
          ]),
        )
        .then(() => readFile(reply))
        .then((body) => {
          response.writeHead(200, { 'content-type': 'application/timestamp-reply' });
          response.end(body);
        })
        .catch((error: Error) => {
          response.writeHead(500);
          response.end(error.message);
        });
    });
  };
}

/** Starts the TSA on 127.0.0.1 (a free port). */
export async function startTestTsa(dir: string, issued?: IssuedTsaCertificate): Promise<TestTsa> {
  const server = createServer(setUpOpensslTsa(dir, issued));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/tsa`,
    certificatePath: join(dir, 'tsa.crt'),
    certificatePem: readFileSync(join(dir, 'tsa.crt'), 'utf8'),
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
