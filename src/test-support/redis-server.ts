import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port.ts';

export { freePort };

const REDIS_SERVER = process.env.REDIS_SERVER ?? '/usr/bin/redis-server';

/**
 * Whether the tests that need a real Redis can run. Under CI=true a missing redis-server is an error, so
 * those tests fail rather than skip silently; elsewhere they skip with a note.
 */
export function redisServerInstalled(): boolean {
  if (existsSync(REDIS_SERVER)) return true;
  if (process.env.CI === 'true') {
    throw new Error(
      `${REDIS_SERVER} is missing; install Debian's redis-server (CI must not skip these tests).`,
    );
  }
  console.warn(
    `skipping the Redis tests: ${REDIS_SERVER} is missing (install Debian's redis-server to run them)`,
  );
  return false;
}

export interface TestRedis {
  readonly port: number;
  /** `redis://127.0.0.1:PORT/0` */
  readonly url: string;
  /** The server process's id (the bench counts its CPU). */
  readonly pid: number | undefined;
  /** Kills the server (SIGKILL: no goodbye to the clients) and waits until it has exited. */
  kill(): Promise<void>;
  /** Freezes the server (SIGSTOP): connections stay open but nothing answers, as with a hung host. */
  pause(): void;
  /** Lets a paused server run again (SIGCONT). */
  resume(): void;
  /** Starts it again on the same port, empty (no persistence), and waits until it accepts connections. */
  restart(): Promise<void>;
  /** Kills it and removes its folder; safe to call twice. */
  stop(): Promise<void>;
}

/** A throwaway redis-server on a free loopback port, with no persistence and its own temp folder. */
export async function startRedisServer(): Promise<TestRedis> {
  const port = await freePort();
  const dir = await mkdtemp(join(tmpdir(), 'petstore-redis-'));
  let child: ChildProcess | undefined;

  async function start(): Promise<void> {
    const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
    const started = spawn(REDIS_SERVER, [...args, '--dir', dir], { stdio: ['ignore', 'pipe', 'pipe'] });
    child = started;
    await new Promise<void>((resolve, reject) => {
      let output = '';
      const timer = setTimeout(() => fail(new Error(`redis-server did not start: ${output}`)), 10_000);
      const fail = (error: Error) => {
        clearTimeout(timer);
        started.kill('SIGKILL');
        reject(error);
      };
      started.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Ready to accept connections')) {
          clearTimeout(timer);
          resolve();
        }
      });
      started.once('error', fail);
      started.once('exit', (code) => fail(new Error(`redis-server exited with ${code}: ${output}`)));
    });
  }

  async function kill(): Promise<void> {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  }

  await start();
  return {
    port,
    url: `redis://127.0.0.1:${port}/0`,
    get pid() {
      return child?.pid;
    },
    kill,
    pause: () => void child?.kill('SIGSTOP'),
    resume: () => void child?.kill('SIGCONT'),
    restart: start,
    async stop() {
      await kill();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
