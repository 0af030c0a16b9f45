import type { Exchange } from '../http/exchange.ts';
import { jsonText } from '../output/text.ts';
import type { CheckResult, Reporter, Summary } from '../run/events.ts';
import { collectRun } from './collect.ts';
import { isFailure, outcomeOf, traceIdsOf } from './outcome.ts';

/** Bodies in the JSON report are cut to this many characters; the report stays readable for a 50 MB answer. */
const MAX_REPORTED_BODY = 4096;

const trimmed = (exchange: Exchange): Exchange =>
  exchange.response && exchange.response.body.length > MAX_REPORTED_BODY
    ? {
        ...exchange,
        response: { ...exchange.response, body: `${exchange.response.body.slice(0, MAX_REPORTED_BODY)}…` },
      }
    : exchange;

/**
 * Collects every check with its exchanges (key redacted); output() is the JSON document, with the run's
 * `coverage` beside its `summary`.
 */
export function createJsonReporter(options: { strict?: boolean } = {}): Reporter & { output(): string } {
  const strict = options.strict ?? false;
  const { run, handle } = collectRun();
  return {
    handle,
    output() {
      const { started, summary } = run;
      // A failure names the trace ids of the requests it is about, as every report does.
      const checks = run.results.map((r): CheckResult & { traceIds?: string[] } => ({
        ...r,
        exchanges: r.exchanges.map(trimmed),
        ...(isFailure(outcomeOf(r, strict)) ? { traceIds: traceIdsOf(r) } : {}),
      }));
      const { coverage, ...rest } = summary ?? ({} as Partial<Summary>);
      const report = {
        tool: 'petstore-conformance',
        baseUrl: started?.baseUrl,
        startedAt: started?.startedAt,
        safe: started?.safe,
        apiKey: started?.apiKey,
        ...(started?.credential ? { credential: started.credential } : {}),
        ...(started?.explore ? { explore: started.explore } : {}),
        ...(started?.orders ? { orders: started.orders } : {}),
        ...(started?.expectedFailures ? { expectedFailures: started.expectedFailures } : {}),
        ...(started?.minCoverage === undefined ? {} : { minCoverage: started.minCoverage }),
        summary: summary && rest,
        ...(coverage ? { coverage } : {}),
        checks,
      };
      return jsonText(report);
    },
  };
}
