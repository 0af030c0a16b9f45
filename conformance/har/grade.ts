import { secretsInRequest, secretsInResponse } from '../../src/exchange/credentials.ts';
import type { ExchangeRecord } from '../../src/exchange/record.ts';
import { bodyCopy } from '../../src/forward/body-copy.ts';
import { loadSpec } from '../contract/spec.ts';
import { gradeExchange, type Observed } from '../proxy/grade.ts';
import { createRecorder, type ProxyReport } from '../proxy/report.ts';
import { curlFor } from '../proxy/reproduce.ts';
import { createSecrets } from '../proxy/secrets.ts';
import type { CheckResult } from '../run/events.ts';

// Grading a recording (a HAR from Chrome DevTools, Playwright, the mock's journal or the proxy) with the
// proxy's checks: the same rules of the one catalogue, one exchange at a time.

export interface HarGradeOptions {
  /**
   * Where the API is: an entry is graded when its URL is under this base URL (origin and path). Default: any
   * origin, under `/v1`.
   */
  baseUrl?: string;
  /** The HAR file's name, for the report. */
  source?: string;
  /** Path of the OpenAPI document (default: `spec/openapi.yaml` found above this module). */
  specPath?: string;
  /** The clock for the report's start time. */
  now?: () => Date;
}

export interface HarReport extends ProxyReport {
  /** Entries not under the base URL (pages, scripts, other APIs): counted, not graded. */
  otherEntries: number;
  /** Entries under the base URL that got no answer (status 0): counted, not graded. */
  unanswered: number;
}

/**
 * Grades each exchange of a HAR that is under the base URL; each violation cites the entry's index (from 0,
 * as DevTools lists them) and its request line. Every credential the recording holds is redacted from the
 * report, as the proxy does for live traffic.
 */
export function gradeHar(
  records: readonly ExchangeRecord[],
  options: HarGradeOptions = {},
): { report: HarReport; results: CheckResult[] } {
  const spec = loadSpec(options.specPath);
  const base = options.baseUrl === undefined ? undefined : new URL(options.baseUrl);
  const basePath = (base?.pathname ?? '/v1').replace(/\/+$/, '');
  const secrets = createSecrets();
  const recorder = createRecorder({
    upstream: options.source ?? 'HAR',
    startedAt: (options.now ?? (() => new Date()))().toISOString(),
    secrets,
    spec,
    mode: 'har',
  });
  let otherEntries = 0;
  let unanswered = 0;
  records.forEach((record, index) => {
    const url = parsedUrl(record.request.url);
    if (url === undefined) {
      otherEntries++;
      return;
    }
    const under = url.pathname === basePath || url.pathname.startsWith(`${basePath}/`);
    if (!under || (base !== undefined && url.origin !== base.origin)) {
      otherEntries++;
      return;
    }
    const rawHeaders = Object.entries(record.request.headers).flat();
    for (const secret of secretsInRequest(rawHeaders, `${url.pathname}${url.search}`)) secrets.add(secret);
    const { response } = record;
    if (response === undefined || response.status === 0) {
      unanswered++;
      recorder.exchange('upstream failed');
      return;
    }
    for (const secret of secretsInResponse(Object.entries(response.headers).flat())) secrets.add(secret);
    const path = url.pathname.slice(basePath.length) || '/';
    const observed: Observed = {
      method: record.request.method,
      path,
      authorization: record.request.headers.authorization,
      preflight:
        record.request.method === 'OPTIONS' &&
        record.request.headers['access-control-request-method'] !== undefined,
      response: {
        status: response.status,
        headers: response.headers,
        body: response.body ?? '',
        bodyBytes: response.bodyBytes ?? new TextEncoder().encode(response.body ?? '').byteLength,
        truncated: false,
      },
      ...(response.body === undefined && (response.bodyBytes ?? 0) !== 0
        ? { bodyNotGraded: 'the HAR holds no body for this answer (export it with content)' }
        : {}),
    };
    const graded = gradeExchange(spec, observed);
    recorder.exchange(graded.operation ? 'graded' : 'not graded', graded.applied);
    const requestLine = `${record.request.method} ${url.pathname}${url.search}`;
    for (const { rule, message } of graded.findings) {
      recorder.violation({
        seq: index,
        operation: {
          operationId: graded.operation?.operationId ?? null,
          method: record.request.method,
          path: graded.operation?.path ?? path,
        },
        request: requestLine,
        check: rule.id,
        severity: rule.severity,
        message: `entry ${index} (${requestLine}): ${message}`,
        curl: curlOf(record, rawHeaders),
      });
    }
  });
  return { report: { ...recorder.report(0), otherEntries, unanswered }, results: recorder.results() };
}

/** The curl that repeats an entry (the proxy's writer: a Bearer token read from $PETSTORE_API_KEY). */
function curlOf(record: ExchangeRecord, rawHeaders: string[]): string {
  const body = bodyCopy(Number.POSITIVE_INFINITY);
  if (record.request.body) body.push(Buffer.from(record.request.body));
  return curlFor({
    method: record.request.method,
    target: record.request.url,
    upstreamUrl: record.request.url,
    requestHeaders: rawHeaders,
    requestBody: body,
    durationMs: record.durationMs,
  });
}

function parsedUrl(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}
