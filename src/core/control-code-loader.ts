import type { MockExtension } from './extension.ts';
import type { MockRequest } from './types.ts';

type ControlCode = typeof import('./control-code.ts');

/** Loaded once per process, by the first use of any state's control planes. */
let loaded: ControlCode | undefined;
let loading: Promise<ControlCode> | undefined;

/**
 * The control planes' code (control-code.ts): at once when loaded, else a promise of it. A load that failed
 * (a browser offline for a moment, a chunk not reached) is tried again by the next call.
 */
export function controlCode(): ControlCode | Promise<ControlCode> {
  if (loaded) return loaded;
  loading ??= import('./control-code.ts').then(
    (module) => {
      loaded = module;
      return module;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * An extension whose routes are named at once (MSW registers one handler per route) and whose code is the
 * control planes' chunk: built from it on the first request it `claims`, then answering as directly as one
 * built at once (without a promise when its answer is ready). Requests it does not claim pass on without
 * loading anything.
 */
export function lazyExtension(
  shape: Omit<MockExtension, 'handle'>,
  claims: (request: MockRequest) => boolean,
  build: (code: ControlCode) => MockExtension,
): MockExtension {
  let built: MockExtension | undefined;
  const ready = (code: ControlCode) => {
    built ??= build(code);
    return built;
  };
  return {
    ...shape,
    handle: (request) => {
      if (built) return built.handle(request);
      if (!claims(request)) return undefined;
      const code = controlCode();
      return code instanceof Promise
        ? code.then((module) => ready(module).handle(request))
        : ready(code).handle(request);
    },
  };
}
