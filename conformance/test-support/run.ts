import { collectConformance } from '../index.ts';
import type { Severity } from '../rules/rule.ts';
import type { CheckResult } from '../run/events.ts';
import type { ConformanceOptions } from '../run/options.ts';

/** Runs the whole suite and returns the results with the ids that failed, by severity. */
export async function grade(options: ConformanceOptions) {
  const { results, summary } = await collectConformance(options);
  const failed = (...severities: Severity[]) =>
    results.filter((r) => r.status === 'failed' && severities.includes(r.severity)).map((r) => r.id);
  const byId = Object.fromEntries(results.map((r) => [r.id, r])) as Record<string, CheckResult>;
  return { results, summary, failed, byId };
}
