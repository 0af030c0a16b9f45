import { spawn } from 'node:child_process';
import { CredentialSourceError, type FetchedToken } from './credential.ts';

/** A token command's output beyond this is not a token. */
const MAX_OUTPUT = 64 * 1024;
const SOURCE = 'the token command (--token-command)';

export interface TokenCommandOptions {
  /** Its whole budget; then it is killed and the run stops. */
  readonly timeoutMs: number;
  /** Everything it printed, before it is read: the run redacts it wherever it appears. */
  readonly onOutput: (stdout: string) => void;
  /** What a token must be to go after "Bearer ": why not, or undefined. */
  readonly tokenProblem: (token: string) => string | undefined;
}

/**
 * `--token-command "CMD"`: runs CMD with the shell; its stdout is the token, or JSON `{"access_token": "…",
 * "expires_in": N}`. A failure (exit status, nothing printed, too slow, not a token) is one line naming the
 * command's problem, never what it printed; its stderr is never shown either (it may hold secrets).
 */
export function tokenCommand(command: string, options: TokenCommandOptions): () => Promise<FetchedToken> {
  return async () => readToken(await run(command, options.timeoutMs, options.onOutput), options);
}

function run(command: string, timeoutMs: number, onOutput: (stdout: string) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const fail = (why: string) => reject(new CredentialSourceError(`${SOURCE} ${why}`));
    // Its own process group, so that a timeout ends the shell and whatever it started.
    const child = spawn(command, { shell: true, detached: true, stdio: ['ignore', 'pipe', 'ignore'] });
    const chunks: Buffer[] = [];
    let size = 0;
    const timer = setTimeout(() => {
      kill(child.pid);
      fail(`did not finish within ${timeoutMs} ms (--timeout)`);
    }, timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_OUTPUT) chunks.push(chunk);
    });
    child.on('error', (error: Error & { code?: string }) => {
      clearTimeout(timer);
      fail(`could not start (${error.code ?? error.message})`);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const stdout = Buffer.concat(chunks).toString('utf8');
      onOutput(stdout.trim());
      if (code !== 0) fail(signal ? `was ended by ${signal}` : `exited with code ${code}`);
      else if (size > MAX_OUTPUT) fail(`printed more than ${MAX_OUTPUT} bytes, which is not a token`);
      else resolve(stdout);
    });
  });
}

function kill(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

/** The token in the output: a JSON object's `access_token`, or the one line printed. */
function readToken(stdout: string, options: TokenCommandOptions): FetchedToken {
  const text = stdout.trim();
  if (text === '') throw new CredentialSourceError(`${SOURCE} printed nothing`);
  if (text.startsWith('{')) {
    let parsed: { access_token?: unknown; expires_in?: unknown };
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new CredentialSourceError(`${SOURCE} printed something that starts like JSON but is not JSON`);
    }
    if (typeof parsed.access_token !== 'string' || parsed.access_token === '') {
      throw new CredentialSourceError(`${SOURCE} printed JSON without a string "access_token"`);
    }
    const expiresIn = Number(parsed.expires_in);
    return checked(
      parsed.access_token,
      options,
      parsed.expires_in !== undefined && Number.isFinite(expiresIn) && expiresIn > 0
        ? expiresIn * 1000
        : undefined,
    );
  }
  return checked(text, options, undefined);
}

function checked(token: string, options: TokenCommandOptions, expiresInMs: number | undefined): FetchedToken {
  const problem = options.tokenProblem(token);
  if (problem !== undefined) throw new CredentialSourceError(`${SOURCE} printed a token that ${problem}`);
  return expiresInMs === undefined ? { token } : { token, expiresInMs };
}
