import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * After an upload is refused part way (its rest unread), lets the client read the answer: the
 * request is unhooked from whatever was parsing it and the rest of its body is read and dropped,
 * uninspected, while the answer goes out at once. The request then ends cleanly and the
 * connection stays open, instead of being closed with the client's data unread, which resets it
 * and makes most clients lose the answer. Bounded: past `maxBytes` more, or after `maxMs`, the
 * connection is destroyed as soon as the answer is out.
 */
export function discardRestOfBody(raw: IncomingMessage, res: ServerResponse, maxBytes: number, maxMs: number): void {
  raw.unpipe();
  if (raw.complete || raw.readableEnded || raw.destroyed) return;
  let seen = 0;
  const stop = () => {
    clearTimeout(timer);
    raw.off('data', onData).off('end', stop).off('close', stop).off('error', stop);
  };
  const cut = () => {
    stop();
    raw.pause();
    if (res.writableFinished || res.destroyed) raw.socket.destroy();
    else res.once('close', () => raw.socket.destroy());
  };
  const onData = (chunk: Buffer) => {
    seen += chunk.length;
    if (seen > maxBytes) cut();
  };
  const timer = setTimeout(cut, maxMs);
  raw.on('data', onData).once('end', stop).once('close', stop).once('error', stop);
  raw.resume();
}
