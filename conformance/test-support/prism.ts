import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { locateSpec } from '../contract/spec.ts';
import { closedPort } from './listen.ts';

export interface RunningPrism {
  /** Prism ignores the servers' `/v1`, so its base URL has none. */
  baseUrl: string;
  stop(): Promise<void>;
}

/** The Prism binary of this checkout, or undefined when it is not installed. */
export function prismBinary(): string | undefined {
  const bin = join(dirname(dirname(locateSpec())), 'node_modules', '.bin', 'prism');
  return existsSync(bin) ? bin : undefined;
}

/** Starts `prism mock spec/openapi.yaml` on 127.0.0.1 and waits until it answers. */
export async function startPrism(bin: string, timeoutMs = 20_000): Promise<RunningPrism> {
  const port = await closedPort();
  const child: ChildProcess = spawn(bin, ['mock', locateSpec(), '-h', '127.0.0.1', '-p', String(port)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`prism exited early:\n${output}`);
    const ok = await fetch(`${baseUrl}/store/orders`, { signal: AbortSignal.timeout(500) }).then(
      () => true,
      () => false,
    );
    if (ok) return { baseUrl, stop };
    await new Promise((r) => setTimeout(r, 200));
  }
  await stop();
  throw new Error(`prism did not answer within ${timeoutMs} ms:\n${output}`);
}
