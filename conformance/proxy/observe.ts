import { headerRecord } from '../../src/exchange/record.ts';
import { decodeContent } from '../../src/forward/body-copy.ts';
import { canonicalId, isInt64 } from '../contract/raw-json.ts';
import type { Operation, Spec } from '../contract/spec.ts';
import type { ExchangeResponse } from '../http/exchange.ts';
import { parseTraceparent } from '../http/trace.ts';
import { pathParam } from '../rules/answers.ts';
import { rule } from '../rules/catalogue.ts';
import type { Forwarded, UpstreamAnswer } from './forward.ts';
import { type Finding, gradeExchange, type Observed, preflightOf } from './grade.ts';
import { matchOperation } from './match.ts';
import type { ProxyViolation, Recorder } from './report.ts';
import { curlFor } from './reproduce.ts';
import type { StatefulGrader, Traffic } from './stateful.ts';

/** Where an exchange stands in the traffic: what the stateful grader needs besides the exchange. */
export interface InTraffic {
  grader: StatefulGrader;
  /** The proxy's tick when the request arrived and when the answer was complete. */
  begun: number;
  ended: number;
}

/** One decoder for every answer: decoding a whole body keeps no state between calls. */
const utf8 = new TextDecoder();

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
  return { response: { ...response, body: utf8.decode(decoded.bytes) } };
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
  exchange: Forwarded,
  seq: number,
  limit: number,
  traffic?: InTraffic,
): { violations: ProxyViolation[]; graded?: ExchangeResponse } {
  const { answer } = exchange;
  if (!answer) {
    recorder.exchange('upstream failed');
    return { violations: [] };
  }
  const { path } = exchange;
  const copy = gradedCopy(answer, limit);
  const observed: Observed = {
    method: exchange.method,
    path,
    authorization: firstHeader(exchange.requestHeaders, 'authorization'),
    preflight: preflightOf(exchange.method, (name) => firstHeader(exchange.requestHeaders, name)),
    response: copy.response,
    ...(copy.notGraded !== undefined ? { bodyNotGraded: copy.notGraded } : {}),
  };
  const graded = gradeExchange(spec, observed);
  const stateful = traffic?.grader.grade(trafficOf(exchange, observed, graded.operation, seq, traffic, copy));
  const findings: Array<Finding & { exchanges?: number[] }> = [
    ...graded.findings,
    ...(stateful?.findings ?? []).map(({ rule: id, message, cites }) => ({
      rule: rule(id),
      message,
      exchanges: cites.map((step) => step.seq),
    })),
  ];
  const framing = rule('proxy.framing');
  if (answer.framing !== undefined)
    findings.push({
      rule: framing,
      message: `${exchange.method} ${path} → ${answer.status}: ${answer.framing}`,
    });
  const answered = graded.operation && { operationId: graded.operation.operationId, status: answer.status };
  recorder.exchange(
    graded.operation ? 'graded' : 'not graded',
    [...graded.applied, ...(stateful?.applied ?? []), framing.id],
    answered,
  );
  const violations = findings.map((finding) => record(recorder, exchange, graded.operation, seq, finding));
  return { violations, graded: copy.response };
}

/**
 * Records a framing error found once the exchange was graded (bytes that followed its answer later on the
 * connection), under the exchange's own sequence number.
 */
export function observeLateFraming(
  spec: Spec,
  recorder: Recorder,
  exchange: Forwarded,
  seq: number,
  problem: string,
): ProxyViolation {
  const match = matchOperation(spec, exchange.method, exchange.path);
  const operation = match.kind === 'operation' ? match.operation : undefined;
  const message = `${exchange.method} ${exchange.path} → ${exchange.answer?.status}: ${problem}`;
  return record(recorder, exchange, operation, seq, { rule: rule('proxy.framing'), message });
}

/** One finding as a violation of the report: the operation, the request, a curl repro and the client's trace. */
function record(
  recorder: Recorder,
  exchange: Forwarded,
  operation: Operation | undefined,
  seq: number,
  { rule, message, exchanges }: Finding & { exchanges?: number[] },
): ProxyViolation {
  // The client's own trace, forwarded unchanged: the violation names it so it can be found in the traces.
  const traceId = parseTraceparent(firstHeader(exchange.requestHeaders, 'traceparent'))?.traceId;
  return recorder.violation({
    seq,
    operation: {
      operationId: operation?.operationId ?? null,
      method: exchange.method,
      path: operation?.path ?? exchange.path,
    },
    request: `${exchange.method} ${exchange.target}`,
    check: rule.id,
    severity: rule.severity,
    message,
    curl: curlFor(exchange),
    ...(traceId ? { traceId } : {}),
    ...(exchanges ? { exchanges } : {}),
  });
}

/** The exchange as the stateful grader reads it: the order id of a cancel, the list's body when it was graded. */
function trafficOf(
  exchange: Forwarded,
  observed: Observed,
  operation: Operation | undefined,
  seq: number,
  { begun, ended }: InTraffic,
  copy: { response: ExchangeResponse; notGraded?: string },
): Traffic {
  const { path, response } = observed;
  const id = operation?.operationId === 'cancelOrder' ? pathParam(operation, path, 'orderId') : undefined;
  return {
    step: { seq, begun, ended, shown: `${observed.method} ${path} → ${response.status}` },
    method: observed.method,
    operationId: operation?.operationId,
    ...(id !== undefined && isInt64(id) ? { orderId: canonicalId(id) } : {}),
    query: exchange.target.includes('?'),
    status: response.status,
    ...(copy.notGraded === undefined ? { body: response.body } : {}),
    authorization: observed.authorization,
    session: firstHeader(exchange.requestHeaders, 'x-mock-session'),
  };
}
