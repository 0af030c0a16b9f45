import { connect as connectTcp, type Socket } from 'node:net';
import { connect as connectTls } from 'node:tls';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import type { ExchangeResponse } from './exchange.ts';
import { decodeBody } from './fetch.ts';

// One request on a connection of its own, its answer read as bytes: fetch frames an answer and hides what
// follows it (a body after a 204 or a HEAD answer, more bytes than the Content-Length), which is a framing
// error a client on a kept-alive connection reads as the start of the next answer (RFC 9112 §6.3).

/** The fetch this module was loaded with: a run given another (MSW, a test double) is not read on the wire. */
export const NATIVE_FETCH = globalThis.fetch;

/** How long a connection the server keeps open is watched for stray bytes after a complete answer. */
const GRACE_MS = 100;

interface Framed {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  /** False while the bytes read so far do not hold the whole answer. */
  complete: boolean;
  bytesAfter: number;
}

/** Sends the request with `Connection: close` and reads every byte the server sends until it closes. */
export function fetchOnWire(
  url: string,
  method: string,
  headers: Record<string, string>,
  options: { maxBodyBytes: number; signal?: AbortSignal },
  limitMs: number,
  describe: (cause: unknown) => string,
): Promise<ExchangeResponse> {
  // What fetch refuses, refused here too: a line break would end the header block early.
  for (const [name, value] of Object.entries(headers))
    if (/[\r\n\0]/.test(name + value)) return Promise.reject(new TypeError(`invalid header ${name}`));
  const target = new URL(url);
  const secure = target.protocol === 'https:';
  const port = Number(target.port || (secure ? 443 : 80));
  const host = target.hostname.replace(/^\[(.*)\]$/, '$1');
  const socket: Socket = secure
    ? connectTls({ host, port, servername: /^[\d.:]+$/.test(host) ? undefined : host })
    : connectTcp({ host, port });
  const lines = [`${method} ${target.pathname}${target.search} HTTP/1.1`, `host: ${target.host}`];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  // Without Accept-Encoding any coding is acceptable (RFC 9110 §12.5.3): ask for the bytes as they are.
  if (!Object.keys(headers).some((name) => name.toLowerCase() === 'accept-encoding'))
    lines.push('accept-encoding: identity');
  lines.push('connection: close', '', '');
  socket.write(lines.join('\r\n'));

  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    let grace: NodeJS.Timeout | undefined;
    const limit = setTimeout(() => stop(timeoutError()), limitMs);
    const onAbort = () => stop(options.signal?.reason ?? timeoutError());
    options.signal?.addEventListener('abort', onAbort, { once: true });

    let settled = false;
    const finish = (framed: Framed | undefined, cause?: unknown) => {
      if (settled) return;
      settled = true;
      clearTimeout(limit);
      clearTimeout(grace);
      options.signal?.removeEventListener('abort', onAbort);
      socket.destroy();
      if (!framed) return reject(cause ?? new Error('the connection closed before a complete answer'));
      const truncated = framed.body.length > options.maxBodyBytes;
      const body = truncated ? framed.body.subarray(0, options.maxBodyBytes) : framed.body;
      const read: ExchangeResponse = {
        status: framed.status,
        headers: framed.headers,
        ...decodeBody(decoded(body, framed.headers['content-encoding'])),
        bodyBytes: body.length,
        truncated,
        bytesAfter: framed.bytesAfter,
      };
      if (!framed.complete && !truncated)
        read.interrupted = `the body did not complete: ${cause ? describe(cause) : 'the connection closed'}`;
      resolve(read);
    };
    /** The answer so far; a head that is not HTTP ends the request with that error. */
    const framed = (): Framed | undefined => {
      try {
        return frame(Buffer.concat(chunks), method);
      } catch (cause) {
        finish(undefined, cause);
        return undefined;
      }
    };
    const stop = (cause: unknown) => finish(framed(), cause);

    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      received += chunk.length;
      if (received > options.maxBodyBytes + 64 * 1024) return stop(undefined);
      // A server that keeps the connection open despite `Connection: close` gets a short look for stray bytes.
      if (!grace && framed()?.complete) grace = setTimeout(() => stop(undefined), GRACE_MS);
    });
    socket.on('end', () => stop(undefined));
    socket.on('error', (cause) => {
      const sofar = framed();
      finish(sofar?.complete ? sofar : undefined, cause);
    });
  });
}

/** The body with the content coding a server applied anyway undone; as received when it cannot be. */
function decoded(body: Buffer, coding: string | undefined): Buffer {
  const name = coding?.trim().toLowerCase();
  try {
    if (name === 'gzip' || name === 'x-gzip') return gunzipSync(body);
    if (name === 'deflate') return inflateSync(body);
    if (name === 'br') return brotliDecompressSync(body);
  } catch {
    // A body that does not decode is graded as received: its rules say what is wrong with it.
  }
  return body;
}

const timeoutError = (): Error => Object.assign(new Error('timeout'), { name: 'TimeoutError' });

/** The answer in `bytes` framed as RFC 9112 §6.3 says, interim 1xx answers skipped; undefined before its head. */
export function frame(bytes: Buffer, method: string): Framed | undefined {
  let start = 0;
  for (;;) {
    const end = bytes.indexOf('\r\n\r\n', start);
    if (end < 0) return undefined;
    const [statusLine = '', ...fields] = bytes.subarray(start, end).toString('latin1').split('\r\n');
    const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1]);
    if (!status) throw new Error(`not an HTTP/1.1 answer: ${statusLine.slice(0, 40)}`);
    const headers: Record<string, string> = {};
    for (const field of fields) {
      const colon = field.indexOf(':');
      if (colon <= 0) continue;
      const name = field.slice(0, colon).trim().toLowerCase();
      const value = field.slice(colon + 1).trim();
      headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
    }
    const rest = bytes.subarray(end + 4);
    if (status >= 100 && status < 200) {
      start = end + 4;
      continue;
    }
    if (method === 'HEAD' || status === 204 || status === 304)
      return { status, headers, body: Buffer.alloc(0), complete: true, bytesAfter: rest.length };
    if (/(^|,)\s*chunked\s*$/i.test(headers['transfer-encoding'] ?? ''))
      return dechunk(status, headers, rest);
    const length = headers['content-length'];
    if (length !== undefined && /^\d+$/.test(length)) {
      const size = Number(length);
      const complete = rest.length >= size;
      const bytesAfter = complete ? rest.length - size : 0;
      return { status, headers, body: rest.subarray(0, size), complete, bytesAfter };
    }
    // Neither framing: the body runs to the end of the connection.
    return { status, headers, body: rest, complete: false, bytesAfter: 0 };
  }
}

function dechunk(status: number, headers: Record<string, string>, bytes: Buffer): Framed {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = bytes.indexOf('\r\n', at);
    if (lineEnd < 0) break;
    const size = Number.parseInt(bytes.subarray(at, lineEnd).toString('latin1').split(';')[0] ?? '', 16);
    if (Number.isNaN(size)) break;
    const dataStart = lineEnd + 2;
    if (size === 0) {
      const trailersEnd = bytes.indexOf('\r\n\r\n', lineEnd);
      const emptyTrailers = bytes.subarray(dataStart, dataStart + 2).toString('latin1') === '\r\n';
      const end = emptyTrailers ? dataStart + 2 : trailersEnd < 0 ? -1 : trailersEnd + 4;
      if (end < 0) break;
      return { status, headers, body: Buffer.concat(parts), complete: true, bytesAfter: bytes.length - end };
    }
    if (bytes.length < dataStart + size + 2) break;
    parts.push(bytes.subarray(dataStart, dataStart + size));
    at = dataStart + size + 2;
  }
  return { status, headers, body: Buffer.concat(parts), complete: false, bytesAfter: 0 };
}
