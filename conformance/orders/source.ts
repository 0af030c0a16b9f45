import type { Redactor } from '../output/redact.ts';
import { quoted } from '../output/text.ts';
import { UsageError } from '../run/usage-error.ts';
import type { OrderSourceKind } from './allocation.ts';
import type { OrderNeeds, ProvidedOrders } from './slots.ts';

/**
 * A hook that failed (exited non-zero, printed something else than its JSON, outlived --hook-timeout): like a
 * usage error, the run ends with exit 2 and this one line, and no check is graded as failed because of it.
 */
export class HookError extends UsageError {
  override name = 'HookError';
}

/** Where a run's orders come from, and how they are cleaned up after it. */
export interface OrderSource {
  readonly kind: OrderSourceKind;
  /** The orders for a run that needs `needs`; throws a HookError. */
  setup(needs: OrderNeeds): Promise<SetupResult>;
  /** Cleans up after the run, whatever its outcome; the one-line problem when it failed. */
  teardown(setup: SetupResult): Promise<string | undefined>;
}

export interface SetupResult {
  orders: ProvidedOrders;
  /** Text the setup gave that is no id: redacted like the key from then on. */
  secrets: string[];
  /** What the source needs for its teardown (a setup command's stdout, given to the teardown on stdin). */
  handover?: string;
}

/** Longest piece of a hook's stderr (or a state URL's answer) quoted in its one-line problem. */
const MAX_HOOK_QUOTE = 200;

/**
 * The last non-empty line of what a hook wrote, redacted, escaped and cut: enough to act on, never the whole
 * text (it may hold secrets the redactor does not know).
 */
export function lastLine(text: string, redact: Redactor): string | undefined {
  const line = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .findLast((l) => l !== '');
  return line === undefined ? undefined : quoted(redact(line), MAX_HOOK_QUOTE);
}
