import { collectConformance } from '../index.ts';
import type { Severity } from '../rules/rule.ts';
import type { CheckResult } from '../run/events.ts';
import { type ConformanceOptions, SYSTEM_CLOCK } from '../run/options.ts';

/** Runs the whole suite and returns the results with the ids that failed, by severity. */
export async function grade(options: ConformanceOptions) {
  const { results, summary } = await collectConformance(options);
  const failed = (...severities: Severity[]) =>
    results.filter((r) => r.status === 'failed' && severities.includes(r.severity)).map((r) => r.id);
  const byId = Object.fromEntries(results.map((r) => [r.id, r])) as Record<string, CheckResult>;
  return { results, summary, failed, byId };
}

/**
 * The calendar of runs against the suite's own targets (2026-12-01), whose Sunsets do not move with time: a
 * Sunset in a proof is ahead of it or past it whatever day the tests run.
 */
export const PROOF_CLOCK = { ...SYSTEM_CLOCK, wallNow: () => Date.UTC(2026, 11, 1) };
