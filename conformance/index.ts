/**
 * The conformance suite as a library: run it, consume its events, render them with a reporter.
 *
 * @example
 * import { runConformance } from 'petstore-mock/conformance';
 * for await (const event of runConformance({ baseUrl: 'https://staging.example/v1', apiKey })) { … }
 */

// Grading a recording (a HAR) with the proxy's checks, and reading one.
export { readHarFile } from '../src/exchange/har-file.ts';
export { registry } from './checks/index.ts';
export type { Check, Requirement } from './checks/registry.ts';
export { loadSpec, locateSpec } from './contract/spec.ts';
export { gradeHar, type HarGradeOptions, type HarReport } from './har/grade.ts';
export { CredentialSourceError, type CredentialSourceName } from './http/credential.ts';
export type { Exchange } from './http/exchange.ts';
export type { OAuthSettings } from './http/oauth-token.ts';
export { HookError } from './orders/source.ts';
// The validating proxy (conformance/proxy): forwards an app's traffic unchanged and grades each exchange.
export type { ProxyOptions } from './proxy/options.ts';
export type { ProxyReport, ProxyViolation } from './proxy/report.ts';
export { type ProxyHooks, type RunningProxy, startProxy } from './proxy/server.ts';
export { createHtmlReporter } from './reporters/html.ts';
export { createJsonReporter } from './reporters/json.ts';
export { createJunitReporter } from './reporters/junit.ts';
export { createMarkdownReporter } from './reporters/markdown.ts';
export { createPrettyReporter, formatCoverage, formatSummary } from './reporters/pretty.ts';
export type { CheckInfo, Severity } from './rules/rule.ts';
export { type Coverage, createCoverage, type OperationCoverage } from './run/coverage.ts';
export type { CredentialOptions } from './run/credentials.ts';
export type { CheckResult, CheckStatus, ConformanceEvent, Reporter, Summary } from './run/events.ts';
export type { ExpectedFailure } from './run/expected-failures.ts';
export type { ConformanceOptions } from './run/options.ts';
export { createRunSecrets, type RunSecrets } from './run/redaction.ts';
export { runConformance } from './run/runner.ts';
export { UsageError } from './run/usage-error.ts';

import type { CheckResult, Summary } from './run/events.ts';
import type { ConformanceOptions } from './run/options.ts';
import { runConformance } from './run/runner.ts';

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
