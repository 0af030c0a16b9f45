import { spawn } from 'node:child_process';

// A hook command: run through the shell in a process group of its own, so a terminal's Ctrl-C does not cut a
// teardown short, and so a hook that outlives its time is stopped with every process it started.

/** Largest stdout read from a hook: a list of ids is small; anything larger is not the expected JSON. */
const MAX_STDOUT = 1024 * 1024;
/** The end of stderr kept, for its last line. */
const STDERR_TAIL = 8 * 1024;
/** Time a hook gets between SIGTERM and SIGKILL once its time is up. */
const GRACE_MS = 1000;

export interface CommandRun {
  /** What it printed on stdout (at most 1 MiB; `overflow` when there was more). */
  stdout: string;
  overflow: boolean;
  /** The end of its stderr. */
  stderrTail: string;
  code: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  /** Why it could not start (e.g. no shell). */
  spawnError?: string;
}

export interface CommandOptions {
  env: Record<string, string | undefined>;
  stdin?: string;
  timeoutMs: number;
}

/** Runs `command` with `sh -c`, feeding `stdin`; resolves when it and its output ended, or its time ran out. */
export function runCommand(command: string, options: CommandOptions): Promise<CommandRun> {
  return new Promise((resolve) => {
    const out: Buffer[] = [];
    let outBytes = 0;
    let overflow = false;
    let err = Buffer.alloc(0);
    let timedOut = false;
    const child = spawn(command, {
      shell: true,
      detached: true,
      env: options.env,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const group = (signal: NodeJS.Signals) => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, signal);
      } catch {
        // The group is gone already.
      }
    };
    let killer: NodeJS.Timeout | undefined;
    const timer = setTimeout(() => {
      timedOut = true;
      group('SIGTERM');
      killer = setTimeout(() => group('SIGKILL'), GRACE_MS);
    }, options.timeoutMs);
    let done = false;
    const finish = (run: Omit<CommandRun, 'stdout' | 'overflow' | 'stderrTail' | 'timedOut'>) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      clearTimeout(killer);
      const stdout = Buffer.concat(out).toString('utf8');
      resolve({ ...run, stdout, overflow, stderrTail: err.toString('utf8'), timedOut });
    };
    child.stdout.on('data', (chunk: Buffer) => {
      if (outBytes + chunk.length > MAX_STDOUT) overflow = true;
      else out.push(chunk);
      outBytes += chunk.length;
    });
    child.stderr.on('data', (chunk: Buffer) => {
      const joined = Buffer.concat([err, chunk]);
      err = joined.subarray(Math.max(0, joined.length - STDERR_TAIL));
    });
    // A hook that does not read its stdin must not fail the write (EPIPE).
    child.stdin.on('error', () => {});
    child.stdin.end(options.stdin ?? '');
    child.on('error', (error) => finish({ code: null, signal: null, spawnError: error.message }));
    child.on('close', (code, signal) => finish({ code, signal }));
  });
}
