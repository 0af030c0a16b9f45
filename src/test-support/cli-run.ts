import { afterEach } from 'vitest';
import { main } from '../cli/main.ts';
import type { Environment } from '../cli/options.ts';

/** One in-process run of `petstore-mock`: what it printed, and its exit code once it ends. */
export interface Run {
  readonly stdout: () => string;
  readonly stderr: () => string;
  readonly exit: Promise<number>;
  /** Stops it as a signal would; resolves to the exit code. */
  stop(reason?: string): Promise<number>;
}

const running: Run[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((run) => run.stop()));
});

/** `cwd`: the working folder the command looks in for petstore-mock.config.json. */
export function run(argv: readonly string[], env: Environment = {}, cwd?: string): Run {
  let out = '';
  let err = '';
  const stop = new AbortController();
  const exit = main(argv, env, {
    stdout: (text) => {
      out += text;
    },
    stderr: (text) => {
      err += text;
    },
    stop: stop.signal,
    ...(cwd === undefined ? {} : { cwd }),
  });
  const handle: Run = {
    stdout: () => out,
    stderr: () => err,
    exit,
    stop: (reason = 'SIGTERM') => {
      if (!stop.signal.aborted) stop.abort(reason);
      return exit;
    },
  };
  running.push(handle);
  return handle;
}

/** Starts the mock on a free port and waits for the line that says where it listens. */
export async function start(...args: string[]): Promise<Run & { baseUrl: string; url: string }> {
  return startWith(args, {});
}

export async function startWith(args: string[], env: Environment, cwd?: string) {
  return listening(run(['--port', '0', ...args], env, cwd));
}

/** Waits for the line that says where the mock listens. */
export async function listening(handle: Run) {
  const ended = handle.exit.then((code) => {
    throw new Error(`exited with ${code}: ${handle.stderr()}`);
  });
  for (;;) {
    const match = /http:\/\/[^\s"]+:\d+\/v1/.exec(handle.stdout());
    if (match) return { ...handle, baseUrl: match[0], url: match[0].replace(/\/v1$/, '') };
    await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, 10))]);
  }
}

/** Runs the CLI to its end (a bad option, say) and returns its exit code and output. */
export async function runToEnd(argv: readonly string[], env: Environment = {}, cwd?: string) {
  const handle = run(argv, env, cwd);
  const code = await handle.exit;
  return { code, stdout: handle.stdout(), stderr: handle.stderr() };
}

export const listOrders = async (baseUrl: string, key = 'petstore-dev-key') =>
  fetch(`${baseUrl}/store/orders`, { headers: { authorization: `Bearer ${key}` } });
