import type { IncomingMessage, ServerResponse } from 'node:http';
import type { JournalSource } from '../core/controls/journal-entry.ts';
import { SESSION_HEADER } from '../core/controls/sessions.ts';
import { type ApiError, coreError } from '../core/http/errors.ts';
import type { MockRequest, MockResponse } from '../core/types.ts';
import { createForwarder } from '../forward/forwarder.ts';
import { targetProblem } from '../forward/target.ts';
import { parseUpstreamUrl } from '../forward/upstream-url.ts';
import type { Forwarding } from '../mock/mock.ts';

/** Time to connect and get the answer's head, and then between two chunks of its body. */
export const DEFAULT_PASSTHROUGH_TIMEOUT_MS = 30_000;

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
  close(): Promise<void>;
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
export function servePassthrough(
  upstreamText: string,
  timeoutMs = DEFAULT_PASSTHROUGH_TIMEOUT_MS,
): PassthroughServing {
  const upstream = parseUpstreamUrl(upstreamText);
  if (typeof upstream === 'string') throw new Error(`passthrough: the upstream ${upstream}.`);
  const forwarder = createForwarder({ upstream, timeoutMs });

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
      forwarder.forward(req, res, { target: req.url ?? '/', drop: [SESSION_HEADER] }).then((exchange) => {
        const { failure } = exchange;
        if (failure === undefined) return done(exchange.answer?.status ?? 0);
        const answer = reject(coreError(failure.code, failure.message), request.path);
        writeAnswer(res, answer);
        done(answer.status);
      });
    },
    close: () => forwarder.close(),
  };
}

function writeAnswer(res: ServerResponse, response: MockResponse): void {
  if (res.headersSent || res.destroyed) return void res.destroy();
  const body = response.body?.text ?? '';
  res
    .writeHead(response.status, { ...response.headers, 'content-length': Buffer.byteLength(body) })
    .end(body);
}
