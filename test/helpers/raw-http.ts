import { connect, type Socket } from 'node:net';

/** A complete HTTP/1.1 answer read off a raw connection. */
export interface RawAnswer {
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
  body: Buffer;
}

/**
 * What became of one request on a kept-alive connection:
 * - `answer`: written and answered in full;
 * - `not-written`: the server had already closed the connection, so the request was never sent;
 * - `lost`: written, then the connection failed or ended before a complete answer (what a client
 *   cannot retry safely: it does not know whether the server acted on it).
 */
export type RawOutcome =
  { kind: 'answer'; answer: RawAnswer } | { kind: 'not-written' } | { kind: 'lost'; reason: string };

/**
 * One kept-alive HTTP/1.1 connection over a raw socket, one request at a time, so a test knows
 * exactly whether each request was written and what came back (a `fetch` or `http.Agent` retries,
 * pools and reports "socket hang up" alike for both cases).
 */
export class RawConnection {
  private buffered = Buffer.alloc(0);
  private ended: string | null = null;
  private pending: ((outcome: RawOutcome) => void) | null = null;

  private constructor(private readonly socket: Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.buffered = Buffer.concat([this.buffered, chunk]);
      const parsed = parseAnswer(this.buffered);
      if (!parsed || !this.pending) return;
      this.buffered = this.buffered.subarray(parsed.length);
      this.settle({ kind: 'answer', answer: parsed.answer });
    });
    const end = (reason: string) => {
      this.ended ??= reason;
      this.settle({ kind: 'lost', reason });
    };
    socket.on('end', () => end('the server ended the connection before answering'));
    socket.on('error', (error: NodeJS.ErrnoException) => end(error.code ?? error.message));
    socket.on('close', () => end('the connection closed before an answer'));
  }

  /** Connects; rejects with the connection's error (ECONNREFUSED once the server stopped listening). */
  static open(host: string, port: number): Promise<RawConnection> {
    return new Promise((resolve, reject) => {
      const socket = connect({ host, port });
      socket.setNoDelay(true);
      socket.once('error', reject);
      socket.once('connect', () => {
        socket.off('error', reject);
        resolve(new RawConnection(socket));
      });
    });
  }

  /** Whether the server has closed (or reset) this connection. */
  get closed(): boolean {
    return this.ended !== null;
  }

  /** Writes `request` (a complete HTTP/1.1 message) unless the connection is closed, and waits for its answer. */
  request(request: Buffer): Promise<RawOutcome> {
    if (this.pending) throw new Error('one request at a time');
    if (this.ended !== null) return Promise.resolve({ kind: 'not-written' });
    return new Promise((resolve) => {
      this.pending = resolve;
      this.socket.write(request);
    });
  }

  destroy(): void {
    this.socket.destroy();
  }

  private settle(outcome: RawOutcome): void {
    const pending = this.pending;
    this.pending = null;
    pending?.(outcome);
  }
}

/** An HTTP/1.1 request message: the head with Host and Content-Length, then the body. */
export function rawRequest(
  method: string,
  path: string,
  host: string,
  headers: Record<string, string> = {},
  body: Buffer = Buffer.alloc(0),
): Buffer {
  const lines = [`${method} ${path} HTTP/1.1`, `host: ${host}`, `content-length: ${body.length}`];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`), body]);
}

/** The first complete answer in `data` and how many bytes it took; null while incomplete. */
function parseAnswer(data: Buffer): { answer: RawAnswer; length: number } | null {
  const headEnd = data.indexOf('\r\n\r\n');
  if (headEnd < 0) return null;
  const [statusLine, ...headerLines] = data.subarray(0, headEnd).toString('latin1').split('\r\n');
  const status = Number(statusLine!.split(' ')[1]);
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const bodyStart = headEnd + 4;
  if (headers['transfer-encoding']?.toLowerCase() === 'chunked') {
    const chunks: Buffer[] = [];
    let at = bodyStart;
    for (;;) {
      const lineEnd = data.indexOf('\r\n', at);
      if (lineEnd < 0) return null;
      const size = parseInt(data.subarray(at, lineEnd).toString('latin1'), 16);
      const chunkEnd = lineEnd + 2 + size;
      if (data.length < chunkEnd + 2) return null;
      if (size === 0) return { answer: { status, headers, body: Buffer.concat(chunks) }, length: chunkEnd + 2 };
      chunks.push(data.subarray(lineEnd + 2, chunkEnd));
      at = chunkEnd + 2;
    }
  }
  const length = Number(headers['content-length'] ?? 0);
  if (data.length < bodyStart + length) return null;
  return {
    answer: { status, headers, body: data.subarray(bodyStart, bodyStart + length) },
    length: bodyStart + length,
  };
}
