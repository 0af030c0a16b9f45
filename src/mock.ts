import { createMockApi, type MockApi, type MockApiOptions } from './core/api.ts';
import { type ClockMode, createClock, type MockClock } from './core/clock.ts';
import type { ExtensionFactory, MockExtension } from './core/extension.ts';

export interface MockOptions extends Omit<MockApiOptions, 'clock' | 'extensions'> {
  /**
   * The one clock of the whole mock: `system` (default: real time, which `advance` offsets), `manual`
   * (stands still until moved), or a clock of your own (tests pass a manual clock at a fixed start).
   */
  readonly clock?: ClockMode | MockClock;
  /**
   * Parts beside the Store API, in order: built extensions, or factories the root calls with the mock's
   * clock (`domainsSimulation()` from `petstore-mock/domains`). An entry point that passes none never
   * loads the domains simulation.
   */
  readonly extensions?: readonly (MockExtension | ExtensionFactory)[];
}

/** The assembled mock: the core's `handle`, its state, its one clock, and the extensions built for it. */
export interface Mock extends MockApi {
  readonly extensions: readonly MockExtension[];
}

/**
 * The composition root: one clock, the core, and the extensions it is given, every part reading that clock.
 * The node:http server and the MSW handlers build the mock here and only translate requests.
 * Unexpected errors are logged with `console.error` unless `onUnexpectedError` says otherwise.
 *
 * @example
 * const mock = createMock({ clock: 'manual', extensions: [domainsSimulation()] });
 * mock.clock.advance(400 * 86_400_000); // GET /v1/pets/1 now answers 410
 */
export function createMock(options: MockOptions = {}): Mock {
  const clock = typeof options.clock === 'object' ? options.clock : createClock(options.clock ?? 'system');
  const extensions = (options.extensions ?? []).map((extension) =>
    typeof extension === 'function' ? extension({ clock }) : extension,
  );
  const api = createMockApi({ ...options, clock, extensions });
  return { ...api, extensions };
}
