import { subscribe } from 'node:diagnostics_channel';
import type { Socket } from 'node:net';

// Bytes an upstream sends after a complete answer (a body after a 204 or a HEAD answer, more bytes than its
// Content-Length) answer nothing. undici closes the connection when it reads them, once the exchange is over,
// and tells no one; its diagnostics channels say which connection an exchange used, so the connection's
// error can be traced back to the exchange the bytes followed.

export interface StrayWatch {
  /** Called when bytes followed this exchange's answer on its connection (which undici then closed). */
  stray(problem: string): void;
}

let dispatching: StrayWatch | undefined;
const byRequest = new WeakMap<object, StrayWatch>();
const lastOnSocket = new WeakMap<Socket, StrayWatch>();
const watched = new WeakSet<Socket>();

/** How undici says it read bytes no request was waiting for, or could not parse them. */
const isStray = (error: Error & { code?: string }): boolean =>
  error.message === 'bad response' || (error.code?.startsWith('HPE_') ?? false);

subscribe('undici:request:create', (message) => {
  if (dispatching) byRequest.set((message as { request: object }).request, dispatching);
});

subscribe('undici:client:sendHeaders', (message) => {
  const { request, socket } = message as { request: { method?: string }; socket: Socket };
  const watch = byRequest.get(request);
  if (!watch) return;
  // Only the socket is needed from here on. An entry left until the request is collected kept each whole
  // exchange (the watch's closure) alive through the young generation's collections into the old one.
  byRequest.delete(request);
  lastOnSocket.set(socket, watch);
  if (request.method === 'HEAD') watchHead(socket, watch);
  if (watched.has(socket)) return;
  watched.add(socket);
  socket.on('error', (error: Error & { code?: string }) => {
    if (isStray(error)) lastOnSocket.get(socket)?.stray(error.code ?? error.message);
  });
});

/** What a HEAD answer's head may take, with its interim answers; bytes read beyond are not kept. */
const MAX_HEAD_BYTES = 80 * 1024;

/**
 * undici closes the connection after every HEAD answer without parsing on, so body bytes that follow one never
 * reach its parser: the bytes it reads (a socket emits `data` for each `read()`) are counted here instead.
 */
function watchHead(socket: Socket, watch: StrayWatch): void {
  const chunks: Buffer[] = [];
  let size = 0;
  const onData = (chunk: Buffer) => {
    if (size > MAX_HEAD_BYTES) return;
    chunks.push(chunk);
    size += chunk.byteLength;
  };
  socket.on('data', onData);
  socket.once('close', () => {
    socket.off('data', onData);
    const after = bytesAfterHead(Buffer.concat(chunks));
    if (after > 0) watch.stray(`${after} byte(s) after the head`);
  });
}

/** The bytes after the final (non-1xx) head in `bytes`; 0 while it is incomplete. */
function bytesAfterHead(bytes: Buffer): number {
  let start = 0;
  for (;;) {
    const end = bytes.indexOf('\r\n\r\n', start);
    if (end < 0) return 0;
    if (!/^HTTP\/1\.[01] 1\d\d/.test(bytes.subarray(start, start + 12).toString('latin1')))
      return bytes.length - (end + 4);
    start = end + 4;
  }
}

/**
 * Runs `dispatch`, which creates its undici request synchronously (an Agent with no connection limit does),
 * with `watch` told of bytes that follow the answer on the connection.
 */
export function watchingStrayBytes<T>(watch: StrayWatch, dispatch: () => T): T {
  dispatching = watch;
  try {
    return dispatch();
  } finally {
    dispatching = undefined;
  }
}
