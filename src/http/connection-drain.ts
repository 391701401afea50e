import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/**
 * How long, from the start of a graceful stop, a kept-alive connection with no request in progress
 * stays open for a request its client may already be sending. Closing it sooner resets that request
 * (the client cannot tell whether it was acted on); a client that sends within this time is answered,
 * with `Connection: close`.
 */
export const IDLE_GRACE_MS = 1000;

export interface ConnectionDrain {
  /**
   * Starts the drain: idle connections are closed once they stayed idle for `graceMs` since now
   * (a connection that carries a request meanwhile is closed by its `Connection: close` answer).
   * Call before `app.close()`. Returns a function that stops the timers.
   */
  begin(graceMs: number): () => void;
}

/**
 * Takes over the closing of idle connections on `server` for its graceful stop. Node's
 * `server.close()` (and Fastify's `forceCloseConnections: 'idle'`) close every idle kept-alive
 * connection at once: a request a client wrote just before (still unread by this process) is lost
 * with a reset, and a connection that never sent anything (a browser's preconnect) is not closed at
 * all, holding the stop until its deadline.
 */
export function trackConnections(server: Server): ConnectionDrain {
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  return {
    begin(graceMs) {
      const closeIdle = server.closeIdleConnections.bind(server);
      server.closeIdleConnections = () => undefined;
      const reap = () => {
        // Idle between requests (Node knows the parser's state), and connections that never sent a byte.
        closeIdle();
        for (const socket of sockets) if (socket.bytesRead === 0) socket.destroy();
      };
      let timer = setTimeout(function tick() {
        // After the loop's poll phase: bytes that arrived while it was busy are read first, so a
        // connection whose request is arriving is no longer idle.
        setImmediate(reap);
        timer = setTimeout(tick, graceMs);
      }, graceMs);
      return () => clearTimeout(timer);
    },
  };
}
