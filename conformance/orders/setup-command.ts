import type { Redactor } from '../output/redact.ts';
import { type CommandRun, runCommand } from './command.ts';
import { readSetupOutput } from './provided.ts';
import { HookError, lastLine, type OrderSource, type SetupResult } from './source.ts';

export interface CommandHooks {
  setup: string;
  teardown?: string;
  /** The environment the hooks inherit; PETSTORE_BASE_URL and PETSTORE_NEEDS are added. */
  env: Record<string, string | undefined>;
  baseUrl: string;
  timeoutMs: number;
  redact: Redactor;
}

/**
 * `--setup "CMD"` and `--teardown "CMD"`: the setup prints the orders it made as one JSON object; the
 * teardown gets that same text on stdin after the checks, whatever their outcome.
 */
export function commandSource(hooks: CommandHooks): OrderSource {
  const env = (needs: string) => ({
    ...hooks.env,
    PETSTORE_BASE_URL: hooks.baseUrl,
    PETSTORE_NEEDS: needs,
  });
  return {
    kind: 'setup',
    async setup(needs) {
      const run = await runCommand(hooks.setup, {
        env: env(JSON.stringify(needs)),
        timeoutMs: hooks.timeoutMs,
      });
      const failed = failure(run, hooks);
      if (failed) throw new HookError(`the setup command (--setup) ${failed}`);
      if (run.overflow) throw new HookError('the setup command (--setup) printed more than 1 MiB on stdout');
      try {
        const { orders, secrets } = readSetupOutput(run.stdout);
        return { orders, secrets, handover: run.stdout };
      } catch (error) {
        throw new HookError(`the setup command (--setup) ${(error as Error).message}`);
      }
    },
    async teardown(setup: SetupResult) {
      if (!hooks.teardown) return undefined;
      const needs = { pending: setup.orders.pending.length, shipped: setup.orders.shipped.length };
      const run = await runCommand(hooks.teardown, {
        env: env(JSON.stringify(needs)),
        stdin: setup.handover ?? '',
        timeoutMs: hooks.timeoutMs,
      });
      const failed = failure(run, hooks);
      return failed && `the teardown command (--teardown) ${failed}`;
    },
  };
}

/** Why a hook run failed, or undefined: what a person needs to act, with its stderr's last line. */
function failure(run: CommandRun, hooks: CommandHooks): string | undefined {
  if (run.spawnError) return `could not start: ${run.spawnError}`;
  let problem: string | undefined;
  if (run.timedOut)
    problem = `did not finish within ${hooks.timeoutMs / 1000} s (--hook-timeout) and was stopped`;
  else if (run.signal) problem = `was killed by ${run.signal}`;
  else if (run.code !== 0) problem = `exited with code ${run.code}`;
  if (problem === undefined) return undefined;
  const line = lastLine(run.stderrTail, hooks.redact);
  return line === undefined ? `${problem} (no stderr)` : `${problem}; its stderr ends with ${line}`;
}
