import { readFileSync } from 'node:fs';
import { closest } from '../../src/config/closest.ts';
import { YamlSyntaxError } from '../../src/config/yaml.ts';
import type { Spec } from '../contract/spec.ts';
import { parseYaml } from '../contract/yaml.ts';
import { exchangesToReproduce } from '../reporters/reproduce.ts';
import { catalogue } from '../rules/catalogue.ts';
import type { CheckResult } from './events.ts';
import { UsageError } from './usage-error.ts';

// A baseline of known failures (`--expected-failures FILE`): a listed check that fails is reported as an
// expected failure and does not fail the run; one that now passes fails the run as stale, so the list only
// shrinks; an id that names no rule is a usage error naming the closest one.

export interface ExpectedFailure {
  /** A rule id of the catalogue, e.g. `auth.challenge`. */
  id: string;
  /** Why it is expected to fail (a ticket, a note); shown in every report. */
  reason?: string;
  /** The operation it is expected to fail on; a failure of the same check on another operation still counts. */
  operation?: string;
}

export interface ExpectedFailures {
  /** Where the list came from, as reports name it: the file as given. */
  source: string;
  entries: ExpectedFailure[];
}

const KEYS = new Set(['id', 'reason', 'operation']);

/** Reads and parses a YAML or JSON baseline file; a usage error names what is wrong, never a line of it. */
export function readExpectedFailures(file: string): ExpectedFailure[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(
      `--expected-failures ${file} cannot be read (${(error as { code?: string }).code ?? error})`,
    );
  }
  let value: unknown;
  try {
    value = parseYaml(text);
  } catch (error) {
    if (!(error instanceof YamlSyntaxError)) throw error;
    const { line } = error;
    throw new UsageError(`--expected-failures ${file} is not YAML or JSON${line ? ` (line ${line})` : ''}`);
  }
  return entriesOf(value ?? [], file);
}

/** The entries of a parsed baseline: a list of ids, or of `{ id, reason?, operation? }`. */
export function entriesOf(value: unknown, source: string): ExpectedFailure[] {
  if (!Array.isArray(value))
    throw new UsageError(`${source}: expected a list of check ids (or of { id, reason, operation })`);
  return value.map((item: unknown, index): ExpectedFailure => {
    const where = `${source}: entry ${index + 1}`;
    if (typeof item === 'string') return { id: item };
    if (typeof item !== 'object' || item === null || Array.isArray(item))
      throw new UsageError(`${where} is neither a check id nor { id, reason, operation }`);
    const record = item as Record<string, unknown>;
    const unknown = Object.keys(record).find((key) => !KEYS.has(key));
    if (unknown !== undefined)
      throw new UsageError(`${where} has "${unknown.slice(0, 40)}"; the keys are id, reason, operation`);
    for (const key of KEYS) {
      if (record[key] !== undefined && typeof record[key] !== 'string')
        throw new UsageError(`${where}: ${key} must be text`);
    }
    if (typeof record.id !== 'string') throw new UsageError(`${where} has no id`);
    return {
      id: record.id,
      ...(record.reason === undefined ? {} : { reason: record.reason as string }),
      ...(record.operation === undefined ? {} : { operation: record.operation as string }),
    };
  });
}

/** Throws a usage error for an id that names no rule, or an operation the spec does not have: the closest valid one named. */
export function checkExpectedFailures(list: ExpectedFailures, spec: Spec): void {
  const ids = catalogue.map((rule) => rule.id);
  const operations = spec.operations.map((o) => o.operationId);
  for (const entry of list.entries) {
    if (!ids.includes(entry.id))
      throw new UsageError(
        `${list.source}: unknown check id "${entry.id.slice(0, 80)}"; did you mean ${closest(entry.id, ids)}? (see --list)`,
      );
    if (entry.operation !== undefined && !operations.includes(entry.operation))
      throw new UsageError(
        `${list.source}: ${entry.id} names no operation "${entry.operation.slice(0, 80)}"; did you mean ${closest(entry.operation, operations)}?`,
      );
  }
}

/** The operations a failure names: those of the exchanges its message points at (or its last one). */
const failingOperations = (result: CheckResult): Set<string | undefined> =>
  new Set(exchangesToReproduce(result.message, result.exchanges, Infinity).map((e) => e.request.operationId));

const staleLine = (entry: ExpectedFailure, source: string): string =>
  `stale: ${entry.id}${entry.operation ? ` (${entry.operation})` : ''} now passes; remove it from ${source}`;

/**
 * A result as the baseline reads it: a listed failure becomes an `expected-failure`; a listed check that
 * passed (or, for an entry naming an operation, failed only elsewhere) carries its stale lines. Results of
 * checks not listed, and skipped ones, are returned as they are.
 */
export function applyExpectedFailures(
  result: CheckResult,
  list: ExpectedFailures | undefined,
): { result: CheckResult; stale: string[] } {
  const entries = list?.entries.filter((entry) => entry.id === result.id) ?? [];
  if (!list || entries.length === 0 || result.status === 'skipped') return { result, stale: [] };
  const reason = entries.flatMap((e) => (e.reason ? [e.reason] : [])).join('; ');
  const listed = { ...(reason ? { reason } : {}), source: list.source };
  if (result.status !== 'failed') {
    const stale = entries.map((entry) => staleLine(entry, list.source));
    return { result: { ...result, expected: { ...listed, stale } }, stale };
  }
  const failing = failingOperations(result);
  const covered =
    entries.some((e) => e.operation === undefined) ||
    [...failing].every((op) => op !== undefined && entries.some((e) => e.operation === op));
  const stale = entries
    .filter((e) => e.operation !== undefined && !failing.has(e.operation))
    .map((entry) => staleLine(entry, list.source));
  const expected = { ...listed, ...(stale.length > 0 ? { stale } : {}) };
  return { result: { ...result, ...(covered ? { status: 'expected-failure' } : {}), expected }, stale };
}
