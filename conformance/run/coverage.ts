import type { Spec } from '../contract/spec.ts';
import type { Exchange } from '../http/exchange.ts';
import { UsageError } from './usage-error.ts';

// Which documented (operation, status) pairs a run saw, computed from spec/openapi.yaml: every operation and
// every response key it documents, never a list written here. The runner, exploration and the proxy feed it
// the answers they observe; every report shows the result.

export interface StatusCoverage {
  /** The response key as the spec writes it: `200`, `4XX`, `default`. */
  status: string;
  /** Answers seen with this status (for a range or `default`: the statuses it covered). */
  seen: number;
}

export interface OperationCoverage {
  operationId: string;
  method: string;
  path: string;
  deprecated: boolean;
  documented: StatusCoverage[];
  /** Statuses answered that the spec does not document for the operation, with how often. */
  undocumented: Array<{ status: number; seen: number }>;
}

export interface Coverage {
  /** Documented (operation, status) pairs. */
  documented: number;
  /** Documented pairs seen at least once. */
  seen: number;
  /** `seen / documented` in percent, one decimal (100 when nothing is documented). */
  percent: number;
  /** The pairs never seen, as `cancelOrder 409`. */
  unseen: string[];
  operations: OperationCoverage[];
}

/** The response key an observed status falls under: the exact status, else its range (`4XX`), else `default`. */
function keyFor(statuses: readonly string[], status: number): string | undefined {
  const upper = statuses.map((s) => s.toUpperCase());
  const exact = upper.indexOf(String(status));
  if (exact >= 0) return statuses[exact];
  const range = upper.indexOf(`${String(status)[0]}XX`);
  if (range >= 0) return statuses[range];
  const fallback = upper.indexOf('DEFAULT');
  return fallback >= 0 ? statuses[fallback] : undefined;
}

export type CoverageTracker = ReturnType<typeof createCoverage>;

/**
 * Counts answers by operation and status. `observe` takes one answer; `handle` takes the runner's events (each
 * `exchange` event whose request names an operation of the spec with its own method).
 *
 * @example
 * const coverage = createCoverage(loadSpec());
 * for await (const event of runConformance(options)) coverage.handle(event);
 * coverage.result().unseen; // ['cancelOrder 204', 'cancelOrder 409', …]
 */
export function createCoverage(spec: Spec) {
  const counts = new Map<string, Map<string, number>>();
  const extra = new Map<string, Map<number, number>>();
  const bump = <K>(map: Map<K, number>, key: K) => map.set(key, (map.get(key) ?? 0) + 1);

  function observe(operationId: string, status: number): void {
    const operation = spec.operations.find((o) => o.operationId === operationId);
    if (!operation) return;
    const key = keyFor(operation.statuses, status);
    if (key === undefined) {
      const of = extra.get(operationId) ?? new Map<number, number>();
      extra.set(operationId, of);
      bump(of, status);
      return;
    }
    const of = counts.get(operationId) ?? new Map<string, number>();
    counts.set(operationId, of);
    bump(of, key);
  }

  function observeExchange({ request, response }: Exchange): void {
    if (!response || request.operationId === undefined) return;
    const operation = spec.operations.find((o) => o.operationId === request.operationId);
    // A request sent with another method (a 405 probe, a preflight) is no answer of the operation.
    if (operation?.method === request.method.toUpperCase()) observe(operation.operationId, response.status);
  }

  function result(): Coverage {
    const operations = spec.operations.map(
      (operation): OperationCoverage => ({
        operationId: operation.operationId,
        method: operation.method,
        path: operation.path,
        deprecated: operation.deprecated,
        documented: operation.statuses.map((status) => ({
          status,
          seen: counts.get(operation.operationId)?.get(status) ?? 0,
        })),
        undocumented: [...(extra.get(operation.operationId) ?? new Map<number, number>())]
          .sort(([a], [b]) => a - b)
          .map(([status, seen]) => ({ status, seen })),
      }),
    );
    const pairs = operations.flatMap((o) => o.documented.map((d) => ({ ...d, name: pairName(o, d.status) })));
    const seen = pairs.filter((p) => p.seen > 0).length;
    return {
      documented: pairs.length,
      seen,
      percent: pairs.length === 0 ? 100 : Math.floor((seen / pairs.length) * 1000) / 10,
      unseen: pairs.filter((p) => p.seen === 0).map((p) => p.name),
      operations,
    };
  }

  return {
    observe,
    observeExchange,
    /** Takes any event of the run's stream (a `ConformanceEvent`); counts the `exchange` ones. */
    handle(event: { type: string; exchange?: Exchange }): void {
      if (event.type === 'exchange' && event.exchange) observeExchange(event.exchange);
    },
    result,
  };
}

const pairName = (operation: { operationId: string }, status: string): string =>
  `${operation.operationId} ${status}`;

/** The one line a `--min-coverage` gate fails with (naming every unseen pair), or undefined when it is met. */
export function minCoverageProblem(coverage: Coverage, minPercent: number | undefined): string | undefined {
  if (minPercent === undefined || coverage.seen * 100 >= minPercent * coverage.documented) return undefined;
  return `coverage ${coverage.percent}% (${coverage.seen} of ${coverage.documented} documented operation/status pairs) is below --min-coverage ${minPercent}: never seen ${coverage.unseen.join(', ')}`;
}

/** A `--min-coverage` value: a percentage from 0 to 100. */
export function minCoveragePercent(value: number): number {
  if (!Number.isFinite(value) || value < 0 || value > 100)
    throw new UsageError(`--min-coverage must be a percentage from 0 to 100, got ${value}`);
  return value;
}
