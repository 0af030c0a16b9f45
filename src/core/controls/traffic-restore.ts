import { coreError } from '../http/errors.ts';
import {
  checkedLatencySettings,
  type FaultRule,
  type LatencySettings,
  liveRule,
  MAX_FAULT_RULES,
  type RestoredTraffic,
  type SavedFault,
} from './traffic.ts';

// What a saved state needs of the traffic rules, apart from TrafficControls: only the control planes read
// or put back a state, so this loads with their code, not with every Store API request's.

/** The fault rules with their counters, as a saved state holds them (from `TrafficControls.faults()`). */
export function savedFaults(rules: readonly FaultRule[]): SavedFault[] {
  return rules.map(({ id, matched, fired, ...rule }) => ({ id, matched, fired, rule }));
}

/**
 * Checks saved rules and latency (a 400 naming the first problem, nothing changed) and returns them ready for
 * `TrafficControls.install`: each rule with its id and counters, its draws where they were.
 */
export function prepareTrafficRestore(
  faults: readonly SavedFault[],
  latency: LatencySettings,
): RestoredTraffic {
  if (faults.length > MAX_FAULT_RULES) {
    throw invalidState(`faults holds ${faults.length} rules, at most ${MAX_FAULT_RULES} can be in force`);
  }
  const ids = new Set<string>();
  const rules = faults.map((saved, index) => {
    if (ids.has(saved.id)) throw invalidState(`faults[${index}].id "${saved.id}" is given twice`);
    ids.add(saved.id);
    return liveRule(saved, `faults[${index}].rule`);
  });
  const nextId = 1 + Math.max(0, ...faults.map((saved) => Number(saved.id.slice(1))));
  return { rules, nextId, latency: checkedLatencySettings(latency) };
}

function invalidState(reason: string) {
  return coreError('INVALID_REQUEST', `Invalid state: ${reason}.`);
}
