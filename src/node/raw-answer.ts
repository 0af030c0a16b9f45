import { type IncomingMessage, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { MockResponse } from '../core/types.ts';

/** After refusing a request whose body is still arriving, how much more of it is read and dropped at most. */
export const LINGER_BYTES = 1024 * 1024;
/** …and for how long (nginx's lingering close), unless the body ends first. */
export const LINGER_MS = 2000;

/** Writes `response` on the socket as HTTP/1.1 with `connection: close`, and ends our side of it. */
export function writeRaw(socket: Socket, response: MockResponse): void {
  const body = response.body?.text ?? '';
  const head = Object.entries(response.headers).map(([name, value]) => `${name}: ${value}\r\n`);
  socket.end(
    `HTTP/1.1 ${response.status} ${STATUS_CODES[response.status]}\r\n` +
      `${head.join('')}content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  );
}

/**
 * Answers a request whose body will not be read (too large, refused) and closes the connection after a bounded
 * discard: the rest of the body is read and dropped for at most `LINGER_BYTES` or `lingerMs`, so the client gets
 * to read the answer (closing with unread data would reset the connection) and an endless body is not read
 * forever.
 */
export function answerAndClose(req: IncomingMessage, response: MockResponse, lingerMs = LINGER_MS): void {
  const { socket } = req;
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  writeRaw(socket, response);
  let discarded = 0;
  const close = () => {
    clearTimeout(timer);
    if (socket.writableFinished) socket.destroy();
    else socket.once('finish', () => socket.destroy());
  };
  const timer = setTimeout(close, lingerMs);
  socket.once('close', () => clearTimeout(timer));
  req.removeAllListeners('data');
  req.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > LINGER_BYTES) close();
  });
  req.once('end', close);
  req.resume();
}

/** Methods whose body the mock reads (src/node/listener.ts); it ignores the others' bodies. */
const READS_BODY = new Set(['POST', 'PUT', 'PATCH']);

/**
 * A body the mock ignores (sent with GET or DELETE) is still read off the connection, to reach the next
 * request: a chunked one (a Content-Length over the limit is refused before) is read up to `limit` bytes, then
 * the connection is closed, so an endless one is not read forever.
 */
export function boundIgnoredBody(req: IncomingMessage, limit: number): void {
  if (req.headers['transfer-encoding'] === undefined || READS_BODY.has(req.method ?? '')) return;
  let size = 0;
  req.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size > limit) req.socket.destroy();
  });
}
