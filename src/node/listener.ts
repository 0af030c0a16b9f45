import type { IncomingMessage, ServerResponse } from 'node:http';
import type { MockApi } from '../core/api.ts';
import type { JournalSource } from '../core/controls/journal-entry.ts';
import type { HeaderMap, MockRequest, MockResponse } from '../core/types.ts';
import { bodyLimitFor, bodyLimits, tooLarge } from './body-limit.ts';
import { deliver } from './delivery.ts';
import { answerAndClose } from './raw-answer.ts';

export interface ListenerOptions {
  /** Largest request body read, in bytes; default 1 MiB. Only POST, PUT and PATCH bodies are read. */
  readonly maxBodyBytes?: number;
  /** Largest body of `PUT /__mock/state` (a saved state given back), in bytes; default 64 MiB. */
  readonly maxStateBodyBytes?: number;
  /**
   * Called once per answered request, for the request log; `source` is `upstream` for a request forwarded
   * to the passthrough upstream.
   */
  readonly onResponse?: (
    request: MockRequest,
    status: number,
    milliseconds: number,
    source?: JournalSource,
  ) => void;
  /** Waits for latency and fault delays; tests pass one that records instead of waiting. */
  readonly sleep?: (ms: number) => Promise<void>;
  /** After a 413, how long the rest of the body is read and dropped before closing (default 2 s). */
  readonly lingerMs?: number;
}

const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);

/**
 * The node:http adapter: IncomingMessage → MockRequest, MockResponse → writeHead/end. It builds no Fetch
 * Request/Response objects (several times the cost per request; docs/performance.md) and encodes each
 * shared body once.
 */
export function createListener(
  api: Pick<MockApi, 'respond' | 'reject'>,
  options: ListenerOptions = {},
): (req: IncomingMessage, res: ServerResponse) => void {
  const limits = bodyLimits(options);
  const { onResponse } = options;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));

  /** Writes an answer: latency and faults cost one property check when there are none (listener-delivery.ts). */
  function send(res: ServerResponse, request: MockRequest, response: MockResponse, started: number): void {
    if (response.delivery) {
      deliver(res, response, response.delivery, sleep, write).catch(() => res.destroy());
      return;
    }
    // Only writing can throw here (the core never does); the socket is all that is left to close.
    try {
      write(res, response);
    } catch {
      res.destroy();
      return;
    }
    onResponse?.(request, response.status, performance.now() - started);
  }

  return (req, res) => {
    const started = onResponse ? performance.now() : 0;
    const url = req.url ?? '/';
    const queryStart = url.indexOf('?');
    const request: MockRequest = {
      method: req.method ?? 'GET',
      path: queryStart === -1 ? url : url.slice(0, queryStart),
      query: queryStart === -1 ? '' : url.slice(queryStart + 1),
      // Node lower-cases names and joins repeated headers (set-cookie aside, which requests do not carry).
      headers: req.headers as HeaderMap,
    };
    if (METHODS_WITH_BODY.has(request.method)) {
      const limit = bodyLimitFor(request.method, url, limits);
      readBody(req, limit).then((body) => {
        if (body !== undefined) return answer(res, { ...request, body }, started);
        // The body is still arriving: answer, then stop reading it within bounds and close.
        const response = api.reject(tooLarge(limit), request.path);
        answerAndClose(req, response, options.lingerMs);
        onResponse?.(request, response.status, performance.now() - started);
      });
      return;
    }
    answer(res, request, started);
  };

  /** Most answers are ready at once (a 401, a list, a 404) and are written in the same tick, like the bare server's. */
  function answer(res: ServerResponse, request: MockRequest, started: number): void {
    const pending = api.respond(request);
    if (pending instanceof Promise) {
      pending.then(
        (response) => send(res, request, response, started),
        () => res.destroy(),
      );
    } else send(res, request, pending, started);
  }
}

/** What `writeHead` and `end` take, prepared once per response object. */
interface Prepared {
  readonly headers: Readonly<Record<string, string | number>>;
  /** Parts (a large chunked list) are written one after the other, without copying them into one buffer. */
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

function write(res: ServerResponse, response: MockResponse): void {
  let ready = prepared.get(response);
  if (!ready) {
    ready = prepare(response);
    if (response === lastSeen) prepared.set(response, ready);
    lastSeen = response;
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

function prepare({ headers, body }: MockResponse): Prepared {
  if (!body) return { headers, payload: undefined };
  const chunks = body.chunks;
  if (chunks === undefined || chunks.length <= MAX_COPIED_PARTS) {
    const length = chunks?.reduce((sum, chunk) => sum + chunk.length, 0) ?? body.text.length;
    const payload =
      length <= STRING_BODY_LIMIT
        ? body.text
        : chunks
          ? Buffer.concat(chunks as Uint8Array[], length)
          : Buffer.from(body.text);
    const bytes = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
    return { headers: withLength(headers, bytes), payload };
  }
  const length = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
  return { headers: withLength(headers, length), payload: chunks };
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

/** A list of up to two chunks of orders is copied into one buffer once; longer ones are written in parts. */
const MAX_COPIED_PARTS = 4;

/** Resolves the body as text, or undefined when it is larger than the limit (the rest is not buffered). */
function readBody(req: IncomingMessage, limit: number): Promise<string | undefined> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.removeAllListeners('data');
        req.pause();
        resolve(undefined);
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', () => resolve(undefined));
  });
}
