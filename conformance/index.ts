/**
 * The conformance suite as a library: run it, consume its events, render them with a reporter.
 *
 * @example
 * import { runConformance } from 'petstore-mock/conformance';
 * for await (const event of runConformance({ baseUrl: 'https://staging.example/v1', apiKey })) { … }
 */
export { registry } from './checks/index.ts';
export type { ConformanceOptions } from './options.ts';
export { UsageError } from './options.ts';
// The validating proxy (conformance/proxy): forwards an app's traffic unchanged and grades each exchange.
export type { ProxyOptions } from './proxy/options.ts';
export type { ProxyReport, ProxyViolation } from './proxy/report.ts';
export { type ProxyHooks, type RunningProxy, startProxy } from './proxy/server.ts';
export type { Check, Requirement } from './registry.ts';
export { createJsonReporter } from './reporters/json.ts';
export { createJunitReporter } from './reporters/junit.ts';
export { createPrettyReporter, formatSummary } from './reporters/pretty.ts';
export { runConformance } from './runner.ts';
export { loadSpec, locateSpec } from './spec.ts';
export type {
  CheckInfo,
  CheckResult,
  CheckStatus,
  ConformanceEvent,
  Exchange,
  Reporter,
  Severity,
  Summary,
} from './types.ts';

import type { ConformanceOptions } from './options.ts';
import { runConformance } from './runner.ts';
import type { CheckResult, Summary } from './types.ts';

/** Runs the whole suite and returns every result and the summary, for tests that want one value. */
export async function collectConformance(
  options: ConformanceOptions,
): Promise<{ results: CheckResult[]; summary: Summary }> {
  const results: CheckResult[] = [];
  for await (const event of runConformance(options)) {
    if (event.type === 'check') results.push(event.result);
    if (event.type === 'finished') return { results, summary: event.summary };
  }
  throw new Error('the run ended without a summary');
}
