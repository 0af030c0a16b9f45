import { brotliDecompressSync, gunzipSync, inflateRawSync, inflateSync } from 'node:zlib';

/**
 * A copy of a forwarded body kept for grading or recording, up to `limit` bytes (fed by the forwarder's chunk
 * taps); the forwarded stream itself is never held back.
 */
export interface BodyCopy {
  push(chunk: Buffer): void;
  /** Every byte that passed, kept or not. */
  readonly bytes: number;
  readonly overflowed: boolean;
  buffer(): Buffer;
}

export function bodyCopy(limit: number): BodyCopy {
  const chunks: Buffer[] = [];
  let bytes = 0;
  let overflowed = false;
  return {
    push(chunk) {
      bytes += chunk.byteLength;
      if (overflowed) return;
      if (bytes > limit) {
        overflowed = true;
        chunks.length = 0; // an incomplete body is not graded, so its head is not worth the memory
        return;
      }
      chunks.push(chunk);
    },
    get bytes() {
      return bytes;
    },
    get overflowed() {
      return overflowed;
    },
    buffer: () => Buffer.concat(chunks),
  };
}

export type Decoded = { ok: true; bytes: Buffer } | { ok: false; reason: string };

/**
 * Undoes the Content-Encoding of a copy (codings applied in order, so undone in reverse), decoding at most
 * `limit` bytes: a small gzip bomb is left undecoded rather than inflated.
 */
export function decodeContent(body: Buffer, contentEncoding: string | undefined, limit: number): Decoded {
  const codings = (contentEncoding ?? '')
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c !== '' && c !== 'identity');
  let bytes = body;
  try {
    for (const coding of codings.reverse()) {
      const options = { maxOutputLength: limit };
      if (coding === 'gzip' || coding === 'x-gzip') bytes = gunzipSync(bytes, options);
      else if (coding === 'br') bytes = brotliDecompressSync(bytes, options);
      else if (coding === 'deflate') bytes = inflateDeflate(bytes, limit);
      else
        return {
          ok: false,
          reason: `Content-Encoding ${coding} is not one decoded here (gzip, br, deflate)`,
        };
    }
  } catch (error) {
    return { ok: false, reason: `the ${codings.join(', ')} body could not be decoded: ${String(error)}` };
  }
  return { ok: true, bytes };
}

/** HTTP's deflate is zlib-wrapped (RFC 9110 §8.4.1.2), but some servers send it raw. */
function inflateDeflate(bytes: Buffer, limit: number): Buffer {
  try {
    return inflateSync(bytes, { maxOutputLength: limit });
  } catch {
    return inflateRawSync(bytes, { maxOutputLength: limit });
  }
}
