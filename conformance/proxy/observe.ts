import { headerRecord } from '../../src/exchange/record.ts';
import { decodeContent } from '../../src/forward/body-copy.ts';
import type { Spec } from '../contract/spec.ts';
import type { ExchangeResponse } from '../http/exchange.ts';
import { parseTraceparent } from '../http/trace.ts';
import type { Forwarded, UpstreamAnswer } from './forward.ts';
import { gradeExchange, type Observed } from './grade.ts';
import type { ProxyViolation, Recorder } from './report.ts';
import { curlFor } from './reproduce.ts';

/** The graded copy of an answer: the body decoded from its Content-Encoding, or why it is not graded. */
function gradedCopy(
  answer: UpstreamAnswer,
  limit: number,
): { response: ExchangeResponse; notGraded?: string } {
  const headers = headerRecord(answer.rawHeaders);
  const { body } = answer;
  const response = {
    status: answer.status,
    headers,
    body: '',
    bodyBytes: body.bytes,
    truncated: body.overflowed,
  };
  if (body.overflowed) {
    return { response, notGraded: `${body.bytes} bytes, over the ${limit}-byte limit; forwarded whole` };
  }
  if (answer.interrupted)
    return { response: { ...response, interrupted: answer.interrupted }, notGraded: answer.interrupted };
  const decoded = decodeContent(body.buffer(), headers['content-encoding'], limit);
  if (!decoded.ok) return { response, notGraded: decoded.reason };
  return { response: { ...response, body: new TextDecoder().decode(decoded.bytes) } };
}

const firstHeader = (raw: readonly string[], name: string): string | undefined => {
  for (let i = 0; i + 1 < raw.length; i += 2) if (raw[i]?.toLowerCase() === name) return raw[i + 1];
  return undefined;
};

/**
 * Grades one forwarded exchange and records it; returns its violations (redacted) in the order found, and the
 * answer as graded (its body decoded; undefined when the upstream did not answer). `path` is the request's
 * path below the base path, without the query: what the spec's paths are matched against.
 */
export function observe(
  spec: Spec,
  recorder: Recorder,
  exchange: Forwarded & { path: string },
  seq: number,
  limit: number,
): { violations: ProxyViolation[]; graded?: ExchangeResponse } {
  const { answer } = exchange;
  if (!answer) {
    recorder.exchange('upstream failed');
    return { violations: [] };
  }
  const { target, path } = exchange;
  const copy = gradedCopy(answer, limit);
  const observed: Observed = {
    method: exchange.method,
    path,
    authorization: firstHeader(exchange.requestHeaders, 'authorization'),
    preflight:
      exchange.method === 'OPTIONS' &&
      firstHeader(exchange.requestHeaders, 'access-control-request-method') !== undefined,
    response: copy.response,
    ...(copy.notGraded !== undefined ? { bodyNotGraded: copy.notGraded } : {}),
  };
  const graded = gradeExchange(spec, observed);
  const answered = graded.operation && { operationId: graded.operation.operationId, status: answer.status };
  recorder.exchange(graded.operation ? 'graded' : 'not graded', graded.applied, answered);
  if (graded.findings.length === 0) return { violations: [], graded: copy.response };
  const curl = curlFor(exchange);
  // The client's own trace, forwarded unchanged: the violation names it so it can be found in the traces.
  const traceId = parseTraceparent(firstHeader(exchange.requestHeaders, 'traceparent'))?.traceId;
  const violations = graded.findings.map(({ rule, message }) =>
    recorder.violation({
      seq,
      operation: {
        operationId: graded.operation?.operationId ?? null,
        method: exchange.method,
        path: graded.operation?.path ?? path,
      },
      request: `${exchange.method} ${target}`,
      check: rule.id,
      severity: rule.severity,
      message,
      curl,
      ...(traceId ? { traceId } : {}),
    }),
  );
  return { violations, graded: copy.response };
}
