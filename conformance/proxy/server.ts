import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { secretsInRequest, secretsInResponse } from '../../src/exchange/credentials.ts';
import type { ExchangeRecord } from '../../src/exchange/record.ts';
import { bodyCopy } from '../../src/forward/body-copy.ts';
import { loadSpec } from '../contract/spec.ts';
import { redactingNow } from '../output/redaction-scope.ts';
import { jsonText } from '../output/text.ts';
import { createJunitReporter } from '../reporters/junit.ts';
import type { CheckResult, ConformanceEvent, Summary } from '../run/events.ts';
import { createForwarder, type Forwarded } from './forward.ts';
import { createGate } from './gate.ts';
import { createGradingQueue } from './grading-queue.ts';
import { createInFlight } from './in-flight.ts';
import { lateFraming } from './late-framing.ts';
import { observe, observeLateFraming } from './observe.ts';
import { type ProxyOptions, resolveProxyOptions } from './options.ts';
import { recordOf } from './record.ts';
import { createRecorder, type ProxyReport, type ProxyViolation } from './report.ts';
import { ALL_RULES } from './rules.ts';
import { createSecrets } from './secrets.ts';
import { createStatefulGrader } from './stateful.ts';

export const REPORT_PATH = '/__conformance/report';
/** How long stop() lets exchanges in flight finish before cutting them. */
const DRAIN_MS = 2000;

export interface ProxyHooks {
  /** Each violation as it is found, already redacted (the pretty reporter prints it). */
  onViolation?: (violation: ProxyViolation) => void;
  /** An unexpected error of the proxy itself (never the upstream's), already redacted. */
  onError?: (message: string) => void;
  /** The clock for the report's start time and each exchange's. */
  now?: () => Date;
  /** Each exchange as the kit's one exchange record, with every credential seen so far redacted (`--har`). */
  onExchange?: (exchange: ExchangeRecord) => void;
}

export interface RunningProxy {
  /** The proxy's origin, e.g. `http://127.0.0.1:4011`. */
  readonly url: string;
  /** Where clients point instead of the upstream: the proxy's origin with the upstream's base path. */
  readonly baseUrl: string;
  /** The report so far (what `GET /__conformance/report` answers). */
  report(): ProxyReport;
  /**
   * The report so far as the suite's event stream (`started`, one `check` per rule, `finished` with coverage),
   * for the suite's reporters: JUnit, Markdown, HTML.
   */
  events(): ConformanceEvent[];
  /** The JUnit XML of the report so far: one testcase per rule, as the suite writes it. */
  junit(): string;
  /** Stops listening, lets exchanges in flight finish (briefly), and returns the summary. */
  stop(): Promise<Summary>;
}

/**
 * Starts the validating proxy: every request under the upstream's base path (`/v1` in
 * `https://staging.example/v1`) is forwarded to the upstream unchanged and the client gets the upstream's
 * answer unchanged; beside that, each exchange is graded against the spec. Clients change only the origin.
 *
 * @example
 * const proxy = await startProxy({ upstream: 'https://staging.example/v1', port: 0 }, { onViolation: console.log });
 * // point the e2e suite at proxy.baseUrl, then:
 * const summary = await proxy.stop(); // summary.exitCode is 1 when a must rule was broken
 */
export async function startProxy(input: ProxyOptions, hooks: ProxyHooks = {}): Promise<RunningProxy> {
  const options = resolveProxyOptions(input);
  const spec = loadSpec(options.specPath);
  const secrets = createSecrets();
  const upstream = options.upstream.href.replace(/\/+$/, '');
  const now = hooks.now ?? (() => new Date());
  const startedAt = now().toISOString();
  const recorder = createRecorder({
    upstream,
    startedAt,
    secrets,
    spec,
    ...(options.minCoverage === undefined ? {} : { minCoverage: options.minCoverage }),
  });
  // The API's paths start below the upstream's base path; the proxy serves under the same one.
  const basePath = options.upstream.pathname.replace(/\/+$/, '');
  const forwarder = createForwarder(options);
  const gate = createGate({
    allowedHosts: options.allowedHosts,
    ownHosts: [options.host, ...options.ownHosts],
    serviceNames: ['0.0.0.0', '::', '[::]'].includes(options.host),
  });
  const started = performance.now();
  const inFlight = createInFlight();
  let seq = 0;
  /** Ordered events: each request's arrival and each answer's completion, so a finding knows what came before. */
  let tick = 0;
  const stateful = createStatefulGrader();

  const logError = (error: unknown) =>
    hooks.onError?.(secrets.redact(`proxy error: ${error instanceof Error ? error.stack : String(error)}`));
  const grading = createGradingQueue(logError);
  /** Whatever reads the findings grades what is still waiting first. */
  const report = () => {
    grading.flush();
    return recorder.report(Math.round(performance.now() - started));
  };
  const results = () => {
    grading.flush();
    return recorder.results();
  };

  /**
   * Records the framing errors found once an exchange was graded. Made here, outside the exchange's own scope,
   * so that what the upstream connection keeps until its next exchange is the exchange's request and status,
   * not every closure and body of the exchange.
   */
  function lateRecorder(forwarded: Forwarded, own: number): (problem: string) => void {
    const quoted = { ...forwarded, answer: forwarded.answer && { ...forwarded.answer, body: bodyCopy(0) } };
    return (problem) => {
      const violation = redactingNow(secrets.redact, () =>
        observeLateFraming(spec, recorder, quoted, own, problem),
      );
      hooks.onViolation?.(violation);
    };
  }

  async function proxied(req: IncomingMessage, res: ServerResponse, target: string): Promise<void> {
    for (const secret of secretsInRequest(req.rawHeaders, target)) secrets.add(secret);
    const below = target.slice(basePath.length);
    const exchangeStarted = now().getTime();
    const begun = ++tick;
    // Bytes that follow the answer once it was graded are recorded under its number, as soon as it has one.
    const late = lateFraming();
    const forwarded = await forwarder.forward(req, res, { full: target, below }, late.found);
    const ended = ++tick;
    const own = ++seq;
    for (const secret of secretsInResponse(forwarded.answer?.rawHeaders ?? [])) secrets.add(secret);
    const bodyBytes = forwarded.requestBody.bytes + (forwarded.answer?.body.bytes ?? 0);
    grading.add(() => {
      // Quotes of the answer are redacted before they are cut (output/redaction-scope.ts).
      const { violations, graded } = redactingNow(secrets.redact, () =>
        observe(spec, recorder, forwarded, own, options.maxBodyBytes, { grader: stateful, begun, ended }),
      );
      for (const violation of violations) hooks.onViolation?.(violation);
      late.graded(lateRecorder(forwarded, own));
      hooks.onExchange?.(recordOf(forwarded, graded, exchangeStarted, secrets.redact));
    }, bodyBytes);
  }

  /** The one error boundary: a fault of the proxy (a report too large to write, say) is logged and never takes the process down. */
  const failed = (res: ServerResponse) => (error: unknown) => {
    logError(error);
    if (!res.headersSent) jsonError(res, 500, 'PROXY_ERROR', 'the proxy failed on this request; see its log');
    else res.destroy();
  };

  // The gate checks Host and answers with an Error body (Node's own answer is a bare 400).
  const server = createServer({ requireHostHeader: false }, (req, res) => {
    const target = originForm(req.url ?? '/');
    const refused = gate(req, target);
    if (refused) {
      req.resume();
      return jsonError(res, refused.status, refused.code, refused.message, { connection: 'close' });
    }
    const path = target.split('?')[0] ?? '/';
    if (path === REPORT_PATH) {
      try {
        return answerReport(req, res, report());
      } catch (error) {
        return failed(res)(error);
      }
    }
    if (path !== basePath && !path.startsWith(`${basePath}/`)) return notProxied(res, basePath, path);
    inFlight.begin();
    proxied(req, res, target)
      .catch(failed(res))
      .finally(() => inFlight.end());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${options.host.includes(':') ? `[${options.host}]` : options.host}:${port}`;

  let stopping: Promise<Summary> | undefined;
  return {
    url,
    baseUrl: `${url}${basePath}`,
    report,
    events: () => eventsOf(report(), results(), options.minCoverage),
    junit: () => {
      const reporter = createJunitReporter();
      for (const event of eventsOf(report(), results(), options.minCoverage)) reporter.handle(event);
      return reporter.output();
    },
    stop: () => {
      stopping ??= (async () => {
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeIdleConnections();
        const drained = inFlight.idle();
        await Promise.race([drained, new Promise((r) => setTimeout(r, DRAIN_MS).unref())]);
        server.closeAllConnections();
        await closed;
        await forwarder.close();
        return report().summary;
      })();
      return stopping;
    },
  };
}

/** A request target in absolute form (RFC 9112 §3.2.2) is taken by its path and query. */
function originForm(target: string): string {
  if (target.startsWith('/')) return target;
  try {
    const url = new URL(target);
    return `${url.pathname}${url.search}`;
  } catch {
    return target;
  }
}

/** The report as the suite's events: what its reporters consume. */
export function eventsOf(
  report: ProxyReport,
  results: CheckResult[],
  minCoverage?: number,
): ConformanceEvent[] {
  return [
    {
      type: 'started',
      baseUrl: report.upstream,
      startedAt: report.startedAt,
      checks: [...ALL_RULES],
      safe: true,
      apiKey: 'absent',
      ...(minCoverage === undefined ? {} : { minCoverage }),
    },
    ...results.map(
      (result, index): ConformanceEvent => ({ type: 'check', result, index, total: results.length }),
    ),
    { type: 'finished', summary: { ...report.summary, coverage: report.coverage } },
  ];
}

function answerReport(req: IncomingMessage, res: ServerResponse, report: ProxyReport): void {
  req.resume();
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.setHeader('allow', 'GET, HEAD');
    jsonError(res, 405, 'METHOD_NOT_ALLOWED', `${REPORT_PATH} answers GET only`);
    return;
  }
  const body = jsonText(report);
  res.writeHead(200, {
    'content-type': 'application/json',
    'cache-control': 'no-store',
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
}

function notProxied(res: ServerResponse, basePath: string, path: string): void {
  const message = `only ${basePath}/… is forwarded (and ${REPORT_PATH} is the report); ${path} is neither`;
  jsonError(res, 404, 'NOT_PROXIED', message);
}

function jsonError(
  res: ServerResponse,
  status: number,
  code: string,
  message: string,
  headers: Record<string, string> = {},
): void {
  const body = JSON.stringify({ code, message, status });
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
    ...headers,
  });
  res.end(body);
}
