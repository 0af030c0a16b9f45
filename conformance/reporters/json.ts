import type { Exchange } from '../http/exchange.ts';
import { jsonText } from '../output/text.ts';
import type { CheckResult, ConformanceEvent, Reporter, Summary } from '../run/events.ts';

/** Bodies in the JSON report are cut to this many characters; the report stays readable for a 50 MB answer. */
const MAX_REPORTED_BODY = 4096;

const trimmed = (exchange: Exchange): Exchange =>
  exchange.response && exchange.response.body.length > MAX_REPORTED_BODY
    ? {
        ...exchange,
        response: { ...exchange.response, body: `${exchange.response.body.slice(0, MAX_REPORTED_BODY)}…` },
      }
    : exchange;

/** Collects every check with its exchanges (key redacted); output() is the JSON document. */
export function createJsonReporter(): Reporter & { output(): string } {
  let started: Extract<ConformanceEvent, { type: 'started' }> | undefined;
  let summary: Summary | undefined;
  const checks: CheckResult[] = [];
  return {
    handle(event) {
      if (event.type === 'started') started = event;
      else if (event.type === 'check')
        checks.push({ ...event.result, exchanges: event.result.exchanges.map(trimmed) });
      else summary = event.summary;
    },
    output() {
      const report = {
        tool: 'petstore-conformance',
        baseUrl: started?.baseUrl,
        startedAt: started?.startedAt,
        safe: started?.safe,
        apiKey: started?.apiKey,
        ...(started?.credential ? { credential: started.credential } : {}),
        ...(started?.explore ? { explore: started.explore } : {}),
        summary,
        checks,
      };
      return jsonText(report);
    },
  };
}
