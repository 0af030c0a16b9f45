/**
 * Child processes for the bench: start a server, learn its URL, read its CPU time and memory, and kill every
 * child at the end, even when the bench fails. Each child leads its own process group, so a server that forks
 * (Prism can) goes with it.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { availableParallelism } from 'node:os';

export interface Child {
  readonly name: string;
  readonly pid: number;
  readonly process: ChildProcess;
  /** Everything the child wrote, for the error message when it dies early. */
  readonly output: () => string;
}

const children = new Set<Child>();
/** Every pid the bench started, so a test can check that none outlived it. */
export const startedPids: number[] = [];

/** The server's core when the machine has two or more (the bench itself keeps core 0); else no pinning. */
export function serverCpu(pin: boolean): string | undefined {
  if (!pin || process.platform !== 'linux' || availableParallelism() < 2) return undefined;
  try {
    execFileSync('taskset', ['-cp', '0', String(process.pid)], { stdio: 'ignore' });
    return '1';
  } catch {
    return undefined;
  }
}

export interface SpawnOptions {
  readonly cpu?: string;
  readonly cwd?: string;
}

/** Starts `node ...args` (pinned to a core when asked) in its own process group. */
export function spawnNode(name: string, args: readonly string[], options: SpawnOptions = {}): Child {
  const [command, commandArgs] = options.cpu
    ? ['taskset', ['-c', options.cpu, process.execPath, ...args]]
    : [process.execPath, [...args]];
  const child = spawn(command, commandArgs, {
    cwd: options.cwd,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (child.pid === undefined) throw new Error(`${name}: could not start ${command}`);
  let output = '';
  const keep = (chunk: Buffer) => {
    if (output.length < 20_000) output += chunk.toString();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const handle: Child = { name, pid: child.pid, process: child, output: () => output };
  children.add(handle);
  startedPids.push(child.pid);
  child.once('exit', () => children.delete(handle));
  return handle;
}

/** Resolves with the first URL the child prints after "listening on", e.g. our CLI's banner. */
export function bannerUrl(child: Child, timeoutMs = 30_000): Promise<string> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => fail(`printed no banner within ${timeoutMs} ms`), timeoutMs);
    const onData = (chunk: Buffer) => {
      seen += chunk.toString();
      const match = /listening on (https?:\/\/[^\s/]+)/i.exec(seen);
      if (!match?.[1]) return;
      cleanup();
      resolve(match[1]);
    };
    const onExit = (code: number | null) => fail(`exited (code ${code}) before listening`);
    const fail = (why: string) => {
      cleanup();
      reject(new Error(`${child.name} ${why}:\n${child.output().slice(-2000)}`));
    };
    const cleanup = () => {
      clearTimeout(timer);
      child.process.stdout?.off('data', onData);
      child.process.off('exit', onExit);
    };
    child.process.stdout?.on('data', onData);
    child.process.once('exit', onExit);
  });
}

export { freePort } from '../src/test-support/free-port.ts';

/** One request without a body; resolves with the status, or 0 when the connection is refused. */
export function getStatus(
  url: string,
  headers: Record<string, string> = {},
  method = 'GET',
  body?: string,
): Promise<number> {
  return new Promise((resolve) => {
    const req = request(url, { method, headers, agent: false }, (res) => {
      res.resume();
      res.once('end', () => resolve(res.statusCode ?? 0));
    });
    req.once('error', () => resolve(0));
    req.end(body);
  });
}

/** Polls until the URL answers `status`; rejects when the child exits or the time runs out. */
export async function waitForStatus(
  child: Child,
  url: string,
  headers: Record<string, string>,
  status = 200,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if (child.process.exitCode !== null)
      throw new Error(`${child.name} exited:\n${child.output().slice(-2000)}`);
    if ((await getStatus(url, headers)) === status) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`${child.name} did not answer ${status} at ${url} within ${timeoutMs} ms`);
}

/**
 * CPU time in milliseconds of a child's whole process group (Prism serves from a forked process), read from
 * Linux /proc; undefined elsewhere. Counted in nanoseconds where the kernel says (runNanos): its clock ticks
 * are 10 ms, and a pair's second of the list of 100,000 orders (19 requests, 95 ms) moved by a tenth with one
 * tick.
 */
export function cpuMillis(groupId: number): number | undefined {
  let millis = 0;
  let found = false;
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return undefined;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    // The process may have ended while the list was read.
    const fields = procStat(Number(entry));
    if (fields === undefined || Number(fields[2]) !== groupId) continue;
    millis += processCpuMillis(Number(entry), fields) ?? 0;
    found = true;
  }
  return found ? millis : undefined;
}

/** CPU time in milliseconds of one process (not its group), from Linux /proc. */
export function processCpuMillis(pid: number, stat = procStat(pid)): number | undefined {
  const nanos = runNanos(pid);
  if (nanos !== undefined) return nanos / 1e6;
  // User plus system time, in clock ticks of 10 ms on Linux (USER_HZ 100).
  return stat ? (Number(stat[11]) + Number(stat[12])) * 10 : undefined;
}

/**
 * How long the process's threads have run, in nanoseconds (the first field of each thread's schedstat), or
 * undefined where the kernel keeps no such file. The servers' threads (V8's, libuv's, Redis's) live as long as
 * they do, so no thread's time leaves the sum between two readings.
 */
function runNanos(pid: number): number | undefined {
  let tasks: string[];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return undefined;
  }
  let nanos = 0;
  for (const task of tasks) {
    try {
      nanos += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      // A thread that ended while the list was read, or a kernel without schedstat (the ticks serve then).
      if (!existsSync(`/proc/${pid}/task/${task}`)) continue;
      return undefined;
    }
  }
  return nanos;
}

/** Minor page faults of one process so far, each a first touch of a page of memory (Linux /proc). */
export function minorFaults(pid: number): number | undefined {
  const fields = procStat(pid);
  return fields ? Number(fields[7]) : undefined;
}

/** /proc/PID/stat's fields after the command name: state ppid pgrp … minflt (8th) … utime (12th) stime (13th). */
function procStat(pid: number): string[] | undefined {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ');
  } catch {
    return undefined;
  }
}

/** Resident memory now and at its peak, in MB (Linux /proc); undefined elsewhere. */
export function residentMemory(pid: number): { rssMb: number; peakMb: number } | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]);
    return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
  } catch {
    return undefined;
  }
}

/** Stops a child and its process group: SIGTERM, then SIGKILL after a grace period. */
export async function stop(child: Child, graceMs = 2000): Promise<void> {
  if (child.process.exitCode !== null || child.process.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.process.once('exit', () => resolve()));
  signalGroup(child, 'SIGTERM');
  const timer = setTimeout(() => signalGroup(child, 'SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
  // A forked grandchild may outlive its parent; the group signal reaches it too.
  signalGroup(child, 'SIGKILL');
}

export async function stopAll(): Promise<void> {
  await Promise.all([...children].map((child) => stop(child)));
}

function signalGroup(child: Child, signal: NodeJS.Signals): void {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // The group is already gone.
  }
}

/** Last resort when the bench itself is being torn down: no time for a grace period. */
export function killAllNow(): void {
  for (const child of children) signalGroup(child, 'SIGKILL');
}
