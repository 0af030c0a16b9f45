import { UsageError } from '../run/usage-error.ts';

/** How a run is given orders by hooks: the setup and teardown commands, or a Pact provider-state URL. */
export interface Hooks {
  setup?: string;
  teardown?: string;
  stateUrl?: string;
}

/** The setup and teardown commands, or the state URL: one way to give orders, checked before anything runs. */
export function hookOptions(options: Hooks): Hooks {
  const { setup, teardown, stateUrl } = options;
  if (setup !== undefined && setup.trim() === '') throw new UsageError('--setup needs a command');
  if (teardown !== undefined && setup === undefined)
    throw new UsageError("--teardown needs --setup (it gets the setup's output on stdin)");
  if (teardown !== undefined && teardown.trim() === '') throw new UsageError('--teardown needs a command');
  if (setup !== undefined && stateUrl !== undefined)
    throw new UsageError('--setup and --state-url both give orders: use one of them');
  if (stateUrl !== undefined) {
    let url: URL;
    try {
      url = new URL(stateUrl);
    } catch {
      throw new UsageError('the state URL is not a valid URL');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new UsageError(`the state URL must be http or https, got ${url.protocol}`);
    if (url.username || url.password)
      throw new UsageError('the state URL carries credentials (user:password@); pass them with --header');
  }
  return {
    ...(setup === undefined ? {} : { setup }),
    ...(teardown === undefined ? {} : { teardown }),
    ...(stateUrl === undefined ? {} : { stateUrl }),
  };
}
