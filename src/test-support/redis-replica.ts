import { type RunningServer, type ServerOptions, startServer } from '../node/server.ts';
import { openRedisState, type RedisState, type RedisStateOptions } from '../redis/index.ts';

/** A manual clock's fixed start: tests of replicas never read the wall clock (the sunset is 2027-07-01). */
export const FIXED_START = { now: () => Date.parse('2026-09-01T00:00:00Z') };

export interface Replica {
  readonly state: RedisState;
  readonly mock: RunningServer;
  /** Stops the server, then closes its Redis connection. */
  close(): Promise<void>;
}

/**
 * A mock on its own port whose state (orders, simulation, clock, sessions) lives in the Redis at `url` under
 * `keyPrefix`, on a manual clock from FIXED_START (unless `clock` says otherwise), as
 * `petstore-mock --store URL --key-prefix P` serves it.
 */
export async function startReplica(
  url: string,
  keyPrefix: string,
  options: ServerOptions = {},
  clock: Pick<RedisStateOptions, 'clock' | 'baseClock'> = {},
): Promise<Replica> {
  const state = await openRedisState({
    url,
    keyPrefix,
    clock: 'manual',
    baseClock: FIXED_START,
    ...clock,
  });
  const mock = await startServer({
    port: 0,
    state,
    domains: { dnsPropagationMs: 60_000 },
    ...options,
  });
  return {
    state,
    mock,
    async close() {
      await mock.close();
      await state.close();
    },
  };
}
