import type { IncomingMessage, ServerResponse } from 'node:http';
import type { JournalSource } from '../core/controls/journal-entry.ts';
import { SESSION_HEADER } from '../core/controls/sessions.ts';
import { type ApiError, coreError } from '../core/http/errors.ts';
import type { MockRequest, MockResponse } from '../core/types.ts';
import { harFileProblem } from '../exchange/har-file.ts';
import { createForwarder } from '../forward/forwarder.ts';
import { targetProblem } from '../forward/target.ts';
import { parseUpstreamUrl } from '../forward/upstream-url.ts';
import type { Forwarding } from '../mock/mock.ts';
import { type MissRecordingOptions, recordMisses } from './passthrough-record.ts';

/** Time to connect and get the answer's head, and then between two chunks of its body. */
export const DEFAULT_PASSTHROUGH_TIMEOUT_MS = 30_000;
/**
 * How long a stop waits for the recording's last writes, after the server's own grace period: together
 * they keep a SIGTERM within the 2 s docs/decisions.md promises.
 */
export const RECORDING_FLUSH_MS = 500;

export interface PassthroughServing {
  /** The upstream as people read it (origin and base path). */
  readonly upstream: string;
  /**
   * Sends the request upstream and streams the answer back; the exchange is journalled by `forwarding` and
   * logged by `onResponse`. A target with dot segments is refused (400 INVALID_PATH), an upstream that fails
   * answered 502 or 504 with an Error body naming it, both through `reject` (the mock's Error bodies).
   */
  forward(
    req: IncomingMessage,
    res: ServerResponse,
    request: MockRequest,
    forwarding: Forwarding,
    reject: (error: ApiError, path: string) => MockResponse,
    onResponse?: ResponseLog,
  ): void;
  /**
   * Cuts every upstream connection (call it once the server's own connections are closed), then waits for
   * the recording's pending writes, at most RECORDING_FLUSH_MS.
   */
  close(): Promise<void>;
}

export interface PassthroughServingOptions {
  /** The upstream's URL, fixed for the server's life. */
  readonly upstream: string;
  readonly timeoutMs?: number;
  /** Appends every forwarded exchange to a HAR file (`--record-misses`). */
  readonly record?: MissRecordingOptions;
}

export type ResponseLog = (
  request: MockRequest,
  status: number,
  milliseconds: number,
  source?: JournalSource,
) => void;

/**
 * The node:http side of partial mocking (docs/passthrough.md): the forwarding path shared with the validating
 * proxy (src/forward), with the mock's rules around it. The upstream is fixed here, at start: no request
 * field (an absolute-form target, Host, X-Forwarded-*) is read to choose it. The client's fields go on as sent
 * (its own Authorization included: the mock adds none of its keys), less hop-by-hop ones and X-Mock-Session.
 */
export async function servePassthrough(options: PassthroughServingOptions): Promise<PassthroughServing> {
  const upstream = parseUpstreamUrl(options.upstream);
  if (typeof upstream === 'string') throw new Error(`passthrough: the upstream ${upstream}.`);
  const file = options.record?.file;
  const problem = file === undefined ? undefined : await harFileProblem(file);
  if (problem !== undefined) throw new Error(`Cannot record the forwarded exchanges in ${file}: ${problem}.`);
  const recording = options.record && recordMisses(options.record);
  const forwarder = createForwarder({
    upstream,
    timeoutMs: options.timeoutMs ?? DEFAULT_PASSTHROUGH_TIMEOUT_MS,
  });

  return {
    upstream: forwarder.upstream,
    forward(req, res, request, forwarding, reject, onResponse) {
      const started = performance.now();
      const done = (status: number) => {
        forwarding.record(status);
        onResponse?.(request, status, performance.now() - started, 'upstream');
      };
      const problem = targetProblem(req.url ?? '/');
      if (problem !== undefined) {
        req.resume();
        const refused = reject(
          coreError('INVALID_PATH', `The request cannot be forwarded: ${problem}.`),
          request.path,
        );
        writeAnswer(res, refused);
        return onResponse?.(request, refused.status, performance.now() - started);
      }
      const recorded = recording?.start(forwarding);
      const sent = { target: req.url ?? '/', drop: [SESSION_HEADER], ...recorded?.taps };
      forwarder.forward(req, res, sent).then((exchange) => {
        const { failure } = exchange;
        if (failure === undefined) {
          done(exchange.answer?.status ?? 0);
          return recorded?.done(exchange);
        }
        const answer = reject(coreError(failure.code, failure.message), request.path);
        writeAnswer(res, answer);
        done(answer.status);
        recorded?.done(exchange, answer.status);
      });
    },
    async close() {
      await forwarder.close();
      await recording?.written(RECORDING_FLUSH_MS);
    },
  };
}

function writeAnswer(res: ServerResponse, response: MockResponse): void {
  if (res.headersSent || res.destroyed) return void res.destroy();
  const body = response.body?.text ?? '';
  res
    .writeHead(response.status, { ...response.headers, 'content-length': Buffer.byteLength(body) })
    .end(body);
}
