import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import { Agent, type Dispatcher } from 'undici';
import { describe, type ForwardFailure, failureOf } from './failures.ts';
import { endToEnd } from './hop-by-hop.ts';
import { type StrayWatch, watchingStrayBytes } from './stray-bytes.ts';
import { basePathOf, upstreamLabel } from './upstream-url.ts';

export type { ForwardFailure } from './failures.ts';

export interface ForwarderOptions {
  /** The upstream, fixed for the forwarder's life: no request can send it elsewhere. */
  readonly upstream: URL;
  /**
   * Time allowed to connect and to receive the answer's head, and then between two chunks of its body; the
   * answer is a 504 when the head does not come in time, a cut body when a later chunk does not.
   */
  readonly timeoutMs: number;
  /** Extra trusted certificates for an https upstream (e.g. a staging CA). */
  readonly ca?: string | Buffer;
}

export interface ForwardRequest {
  /** The client's target in origin form (`/v1/users/me?x=1`); it is sent below the upstream's base path. */
  readonly target: string;
  /** Request fields to leave out besides the hop-by-hop ones (lower-case names), e.g. `x-mock-session`. */
  readonly drop?: readonly string[];
  /** Sees each chunk of the request body as it passes on (a bounded copy for a report); never holds it back. */
  readonly onRequestChunk?: (chunk: Buffer) => void;
  /** Sees each chunk of the answer's body as it passes on. */
  readonly onResponseChunk?: (chunk: Buffer) => void;
  /** Told of a framing error found once the exchange was over: bytes that followed its complete answer. */
  readonly onLateFraming?: (problem: string) => void;
}

export interface UpstreamAnswer {
  readonly status: number;
  readonly statusMessage: string;
  /** The fields passed to the client (the hop-by-hop ones removed), as a raw array. */
  readonly rawHeaders: string[];
  /** Why the body stopped before its end (the upstream reset or went idle, or the client went away). */
  interrupted?: string;
  /**
   * How the upstream broke HTTP/1.1 framing (RFC 9112 §6.3): fewer body bytes than its Content-Length, a
   * length on a 204, bytes after the complete answer. The client got the complete answer as the framing
   * rules define it (or, for a short body, what came), and the upstream connection was closed after it.
   */
  framing?: string;
}

/** One forwarded exchange. The headers hold the client's credentials: redact before writing any out. */
export interface Forwarded {
  readonly method: string;
  /** Where it went: the upstream's origin, its base path, then the client's target. */
  readonly upstreamUrl: string;
  /** The fields sent upstream, as a raw array. */
  readonly requestHeaders: string[];
  answer?: UpstreamAnswer;
  /** Set when the upstream gave no answer and the client is still there: the caller answers it. */
  failure?: ForwardFailure;
  durationMs: number;
}

export interface Forwarder {
  /** The upstream as people read it (origin and base path). */
  readonly upstream: string;
  /**
   * Sends `req` upstream and streams the answer into `res`, both bodies chunk by chunk with backpressure
   * (neither is ever held whole). Resolves once the exchange is over; never rejects. When it resolves with a
   * `failure`, nothing has been written to `res` yet.
   */
  forward(req: IncomingMessage, res: ServerResponse, request: ForwardRequest): Promise<Forwarded>;
  /** Cuts every upstream connection, exchanges in flight included: call it after the front's own grace period. */
  close(): Promise<void>;
}

/** Fields the client sent that are the front's business, not the upstream's. */
const NEVER_FORWARDED = ['host', 'expect'];

/**
 * Forwards with undici's Agent (a pool of kept-alive connections per upstream): the upstream's own Host and
 * TLS server name, the client's method, target, end-to-end fields in their order and case, and its body; the
 * upstream's status, reason phrase, fields and body back unchanged. A dispatch handler rather than
 * `stream()`, because only the handler is given the reason phrase and the fields as sent.
 */
export function createForwarder(options: ForwarderOptions): Forwarder {
  const { upstream, timeoutMs } = options;
  const label = upstreamLabel(upstream);
  const basePath = basePathOf(upstream);
  const agent = new Agent({
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    maxHeaderSize: 64 * 1024,
    connect: { timeout: timeoutMs, ...(options.ca ? { ca: options.ca } : {}) },
  });

  function forward(req: IncomingMessage, res: ServerResponse, request: ForwardRequest): Promise<Forwarded> {
    const started = performance.now();
    const path = `${basePath}${request.target}`;
    const requestHeaders = [
      ...endToEnd(req.rawHeaders, [...NEVER_FORWARDED, ...(request.drop ?? [])]),
      'Host',
      upstream.host,
    ];
    const exchange: Forwarded = {
      method: req.method ?? 'GET',
      upstreamUrl: `${upstream.origin}${path}`,
      requestHeaders,
      durationMs: 0,
    };
    return new Promise<Forwarded>((resolve) => {
      let settled = false;
      let onDrain: (() => void) | undefined;
      const settle = () => {
        if (settled) return;
        settled = true;
        exchange.durationMs = performance.now() - started;
        // The client's connection outlives the exchange (kept alive, often idle for seconds): a listener left on
        // its response would keep the whole exchange alive until the next request, long enough to be promoted.
        if (onDrain) res.off('drain', onDrain);
        // The upstream connection keeps its watch until its next exchange; from here on the watch needs the
        // status alone, not the exchange with its bodies.
        watch.stray = lateStray(complete ? exchange.answer?.status : undefined, request.onLateFraming);
        resolve(exchange);
      };
      let controller: Dispatcher.DispatchController | undefined;
      let clientGone = false;
      res.once('close', () => {
        if (!res.writableFinished) {
          clientGone = true;
          if (exchange.answer)
            exchange.answer.interrupted ??= 'the client went away before the end of the body';
          controller?.abort(new Error('the client went away'));
        }
        settle();
      });
      let bodyBytes = 0;
      let complete = false;
      const failed = (error: Error & { code?: string }) => {
        const { answer } = exchange;
        if (
          answer &&
          error.code === 'UND_ERR_RES_CONTENT_LENGTH_MISMATCH' &&
          !hasContent(answer, exchange.method)
        ) {
          // A 204 or 304 has no content whatever its Content-Length says: its head is the complete answer.
          if (answer.status === 204)
            answer.framing = `a 204 announced Content-Length: ${contentLengthOf(answer)} (a 204 has no content); the upstream connection was closed after its head`;
          complete = true;
          res.end();
          return;
        }
        if (answer) {
          answer.interrupted ??= `the upstream body did not complete: ${describe(error)}`;
          const length = contentLengthOf(answer);
          if (length !== undefined && bodyBytes < length && !clientGone && error.code === 'UND_ERR_SOCKET')
            answer.framing = `the upstream closed the connection after ${bodyBytes} of the ${length} body bytes its Content-Length announced`;
          res.destroy();
          return settle();
        }
        if (!clientGone) exchange.failure = failureOf(error, label, exchange.method, timeoutMs);
        // Read what the client still sends, so that it reads the answer rather than a reset.
        req.resume();
        settle();
      };
      const handler: Dispatcher.DispatchHandler = {
        onRequestStart(started) {
          controller = started;
          if (clientGone) started.abort(new Error('the client went away'));
        },
        onResponseStart(started, status, headers, statusMessage) {
          // An interim answer (100 Continue, 103 Early Hints) is the connection's, not the client's.
          if (status < 200) return;
          const answer: UpstreamAnswer = {
            status,
            statusMessage: statusMessage ?? '',
            rawHeaders: endToEnd(rawFields(started.rawHeaders, headers)),
          };
          res.sendDate = false; // the upstream's Date, or none: nothing of the front's own is added
          try {
            res.writeHead(answer.status, answer.statusMessage, answer.rawHeaders);
          } catch (error) {
            // A head node:http parsed upstream but will not write again: the client gets a 502, never a crash.
            started.abort(error as Error);
            return;
          }
          exchange.answer = answer;
          onDrain = () => started.resume();
          res.on('drain', onDrain);
        },
        onResponseData(started, chunk) {
          bodyBytes += chunk.byteLength;
          request.onResponseChunk?.(chunk);
          if (!res.write(chunk)) started.pause();
        },
        onResponseEnd() {
          complete = true;
          res.end();
        },
        onResponseError(_controller, error) {
          failed(error);
        },
      };
      const watch: StrayWatch = {
        stray(code) {
          const { answer } = exchange;
          if (!answer || !complete) return; // a parse error of an answer under way is that answer's failure
          answer.framing ??= strayProblem(answer.status, code);
        },
      };
      try {
        watchingStrayBytes(watch, () =>
          agent.dispatch(
            {
              origin: upstream.origin,
              path,
              method: exchange.method as Dispatcher.HttpMethod,
              headers: requestHeaders,
              body: hasBody(req) ? observed(req, request.onRequestChunk) : null,
            },
            handler,
          ),
        );
      } catch (error) {
        failed(error as Error);
      }
    });
  }

  return { upstream: label, forward, close: () => agent.destroy() };
}

const strayProblem = (status: number, code: string): string =>
  `bytes followed the complete ${status} answer on the connection (${code}); the upstream connection was closed`;

/** Stray bytes after an exchange that is over: told to the caller, when its answer was complete. */
function lateStray(status: number | undefined, onLateFraming: ((problem: string) => void) | undefined) {
  return (code: string): void => {
    if (status !== undefined) onLateFraming?.(strayProblem(status, code));
  };
}

/** Whether an answer has content by its status and the request's method (RFC 9112 §6.3). */
const hasContent = ({ status }: UpstreamAnswer, method: string): boolean =>
  method !== 'HEAD' && status !== 204 && status !== 304;

/** The answer's Content-Length, when it has one valid one. */
function contentLengthOf(answer: UpstreamAnswer): number | undefined {
  const raw = answer.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    if (raw[i]?.toLowerCase() === 'content-length' && /^\d+$/.test(raw[i + 1]?.trim() ?? ''))
      return Number(raw[i + 1]);
  }
  return undefined;
}

function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return (length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined;
}

/**
 * The request body as undici pulls it: read only as fast as the upstream takes it (a `data` listener would
 * start the stream flowing before undici is connected, and lose what came first).
 */
function observed(req: IncomingMessage, onChunk: ((chunk: Buffer) => void) | undefined): Readable {
  if (onChunk === undefined) return req;
  const chunks = (async function* () {
    for await (const chunk of req) {
      onChunk(chunk as Buffer);
      yield chunk as Buffer;
    }
  })();
  // undici takes any async iterable as a body (its own types name only streams for dispatch).
  return chunks as unknown as Readable;
}

/** The answer's fields as sent (undici hands the raw ones to the controller), else rebuilt from the parsed ones. */
function rawFields(raw: unknown, parsed: Record<string, string | string[] | undefined>): string[] {
  if (Array.isArray(raw)) return raw.map((part: Buffer | string) => part.toString('latin1'));
  return Object.entries(parsed).flatMap(([name, value]) =>
    (Array.isArray(value) ? value : [value ?? '']).flatMap((one) => [name, one]),
  );
}
