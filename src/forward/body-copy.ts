import { brotliDecompressSync, gunzipSync, inflateRawSync, inflateSync } from 'node:zlib';

/**
 * A copy of a forwarded body kept for grading or recording, up to `limit` bytes (fed by the forwarder's chunk
 * taps); the forwarded stream itself is never held back.
 *
 * A class rather than an object literal with getters: V8 allocates the accessor pair of each literal's getter
 * in the old generation, and from there it keeps the getter's closure (every chunk of the copy, and whatever
 * else its scope held) alive through each young-generation collection until the next full one. A proxy makes
 * two copies per exchange, so every exchange's bodies were promoted; a prototype's getters are allocated once.
 */
export class BodyCopy {
  readonly #limit: number;
  readonly #chunks: Buffer[] = [];
  #bytes = 0;
  #overflowed = false;

  constructor(limit: number) {
    this.#limit = limit;
  }

  push(chunk: Buffer): void {
    this.#bytes += chunk.byteLength;
    if (this.#overflowed) return;
    if (this.#bytes > this.#limit) {
      this.#overflowed = true;
      this.#chunks.length = 0; // an incomplete body is not graded, so its head is not worth the memory
      return;
    }
    this.#chunks.push(chunk);
  }

  /** Every byte that passed, kept or not. */
  get bytes(): number {
    return this.#bytes;
  }

  get overflowed(): boolean {
    return this.#overflowed;
  }

  buffer(): Buffer {
    return Buffer.concat(this.#chunks);
  }
}

export const bodyCopy = (limit: number): BodyCopy => new BodyCopy(limit);

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
