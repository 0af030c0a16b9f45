import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

// An HTTP/1.1 answer framed from the bytes a connection carried (RFC 9112 §6.3): where its body ends, and how
// many bytes follow it.

/** One answer read from a connection's bytes. */
export interface Framed {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  /** False while the bytes read so far do not hold the whole answer. */
  complete: boolean;
  bytesAfter: number;
}

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

/** The body with the content coding a server applied anyway undone; as received when it cannot be. */
export function decoded(body: Buffer, coding: string | undefined): Buffer {
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
