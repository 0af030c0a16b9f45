import type { IncomingMessage, ServerResponse } from 'node:http';
import type { MockApi } from '../core/api.ts';
import type { JournalSource } from '../core/controls/journal-entry.ts';
import type { HeaderMap, MockRequest, MockResponse } from '../core/types.ts';
import { bodyLimitFor, bodyLimits, tooLarge } from './body-limit.ts';
import { deliver } from './delivery.ts';
import { answerAndClose } from './raw-answer.ts';
import { writeResponse as write } from './write-response.ts';

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
