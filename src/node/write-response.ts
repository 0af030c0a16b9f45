import type { ServerResponse } from 'node:http';
import type { MockResponse } from '../core/types.ts';

/** What `writeHead` and `end` take, prepared once per response object. */
interface Prepared {
  readonly headers: Readonly<Record<string, string | number>>;
  /** Parts (a large list seen once) are written one after the other, without copying them into one buffer. */
  readonly payload: string | Buffer | readonly Uint8Array[] | undefined;
}

/**
 * Answers that repeat are the same objects each time (the order list per store revision, the 401s), so their
 * head and bytes are prepared once: Node writes a reused header object faster than a fresh one. An answer
 * is kept only once it has been seen twice in a row: a fresh one (a 404 naming its id) adds no WeakMap entry,
 * whose cost to the garbage collector was a large part of a 404's (docs/performance.md, "Hot paths").
 */
const prepared = new WeakMap<MockResponse, Prepared>();
let lastSeen: MockResponse | undefined;

/**
 * Bodies up to this size are written as strings: Node joins head and body into one string and one write.
 * Larger ones are written as bytes prepared once, beside the head: joining a list of 25 orders to its head
 * was a fresh 3 KB string per request, and the young generation's collections it caused cost more than
 * the second buffer of a writev (docs/performance.md, "Hot paths").
 */
const STRING_BODY_LIMIT = 1024;

/** A list of up to this many chunks of orders is copied into one buffer at once; a longer one is a large list. */
const MAX_COPIED_PARTS = 4;

/**
 * A large list asked a third time in a row is copied into one buffer, kept while it is the last one kept:
 * written in its 25 parts, the list of 100,000 orders cost 5 % more CPU a request than the same bytes in one
 * buffer (docs/performance.md, Round 16). The third, not the second: a list read twice between changes (a
 * page that loads it, then polls once) would pay a copy each time and never use it. One at a time, so that
 * sessions' lists never hold a copy each; none over this size, whose copy would cost more memory than its
 * writes save (the list of 1,000,000 orders is 100 MB).
 */
const MAX_JOINED_BYTES = 32 * 1024 * 1024;
const JOINED_FROM_SIGHTING = 3;
let joined: WeakRef<MockResponse> | undefined;
let inARow = 0;

/** Writes an answer with its Content-Length, its head and bytes prepared once when it repeats. */
export function writeResponse(res: ServerResponse, response: MockResponse): void {
  inARow = response === lastSeen ? inARow + 1 : 1;
  lastSeen = response;
  let ready = prepared.get(response);
  if (ready === undefined || (inARow === JOINED_FROM_SIGHTING && Array.isArray(ready.payload))) {
    ready = prepare(response, inARow >= JOINED_FROM_SIGHTING);
    if (inARow >= 2) keep(response, ready);
  }
  const { payload } = ready;
  res.writeHead(response.status, ready.headers);
  if (!Array.isArray(payload)) {
    res.end(payload);
    return;
  }
  // Corked, the parts leave in one writev.
  res.cork();
  for (const part of payload) res.write(part);
  res.end();
  res.uncork();
}

function keep(response: MockResponse, ready: Prepared): void {
  const chunks = response.body?.chunks;
  if (chunks !== undefined && chunks.length > MAX_COPIED_PARTS && !Array.isArray(ready.payload)) {
    const previous = joined?.deref();
    if (previous) prepared.delete(previous);
    joined = new WeakRef(response);
  }
  prepared.set(response, ready);
}

function prepare({ headers, body }: MockResponse, join: boolean): Prepared {
  if (!body) return { headers, payload: undefined };
  const chunks = body.chunks;
  const length = chunks?.reduce((sum, chunk) => sum + chunk.length, 0) ?? body.text.length;
  if (chunks && chunks.length > MAX_COPIED_PARTS && !(join && length <= MAX_JOINED_BYTES)) {
    return { headers: withLength(headers, length), payload: chunks };
  }
  const payload =
    length <= STRING_BODY_LIMIT
      ? body.text
      : chunks
        ? Buffer.concat(chunks as Uint8Array[], length)
        : Buffer.from(body.text);
  const bytes = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
  return { headers: withLength(headers, bytes), payload };
}

/**
 * The head with its Content-Length, one object per shared header object and length: fresh answers that share
 * their headers (the 404s for ids of one length) reuse one head instead of spreading a new one each time.
 */
const heads = new WeakMap<object, Map<number, Readonly<Record<string, string | number>>>>();

function withLength(
  headers: MockResponse['headers'],
  length: number,
): Readonly<Record<string, string | number>> {
  let byLength = heads.get(headers);
  if (!byLength) {
    byLength = new Map();
    heads.set(headers, byLength);
  }
  let head = byLength.get(length);
  if (!head) {
    head = { ...headers, 'content-length': length };
    // Bounded: lengths of one header object's bodies are few, but a body per length must not grow it forever.
    if (byLength.size < 256) byLength.set(length, head);
  }
  return head;
}
