import { connect as connectTcp, type Socket } from 'node:net';
import { connect as connectTls } from 'node:tls';
import type { ExchangeResponse } from './exchange.ts';
import { decodeBody } from './fetch.ts';
import { decoded, type Framed, frame } from './framing.ts';

// One request on a connection of its own, its answer read as bytes: fetch frames an answer and hides what
// follows it (a body after a 204 or a HEAD answer, more bytes than the Content-Length), which is a framing
// error a client on a kept-alive connection reads as the start of the next answer (RFC 9112 §6.3).

/** The fetch this module was loaded with: a run given another (MSW, a test double) is not read on the wire. */
export const NATIVE_FETCH = globalThis.fetch;

/** How long a connection the server keeps open is watched for stray bytes after a complete answer. */
const GRACE_MS = 100;

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

const timeoutError = (): Error => Object.assign(new Error('timeout'), { name: 'TimeoutError' });
