import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync, readFileSync } from 'node:fs';
import { promisify } from 'node:util';

/**
 * buildah as the container tests drive it: `--isolation chroot` (OCI runtimes cannot start containers in
 * these sandboxes) and `--network host`, so a container's port is a port on this machine's loopback.
 */
const exec = promisify(execFile);
const isolation = ['--isolation', 'chroot', '--network', 'host'];

export async function buildah(...args: string[]): Promise<string> {
  const { stdout } = await exec('buildah', args, { maxBuffer: 64 * 1024 * 1024 });
  return stdout.trim();
}

/** Builds the root Dockerfile on the given base, as CI does; returns the build's log. */
export async function buildImage(options: { context: string; base: string; tag: string }): Promise<string> {
  const args = ['build', ...isolation, '--format', 'docker', '--build-arg', `NODE_IMAGE=${options.base}`];
  const { stdout, stderr } = await exec('buildah', [...args, '--tag', options.tag, options.context], {
    maxBuffer: 64 * 1024 * 1024,
  });
  return stdout + stderr;
}

export interface ImageConfig {
  Entrypoint: string[] | null;
  Cmd: string[] | null;
  User: string;
  Env: string[];
  ExposedPorts?: Record<string, object>;
  Healthcheck?: { Test: string[]; Interval?: number; Timeout?: number; Retries?: number };
}

/** The image's Docker configuration, as `docker inspect` shows it. */
export async function imageConfig(image: string): Promise<ImageConfig> {
  const inspected = JSON.parse(await buildah('inspect', '--type', 'image', image)) as {
    Docker: { config: ImageConfig };
  };
  return inspected.Docker.config;
}

/** The size of the image's layers (uncompressed tar archives, as its manifest lists them), in bytes. */
export async function imageSize(image: string): Promise<number> {
  const inspected = JSON.parse(await buildah('inspect', '--type', 'image', image)) as { Manifest: string };
  const manifest = JSON.parse(inspected.Manifest) as { layers: { size: number }[] };
  return manifest.layers.reduce((sum, layer) => sum + layer.size, 0);
}

/** Where `buildah run` is spawned: this machine's network, or a namespace of its own (private-network.ts). */
export type Spawner = (file: string, args: string[]) => ChildProcess;

const here: Spawner = (file, args) => spawn(file, args, { stdio: ['ignore', 'pipe', 'pipe'] });

/**
 * A working container of the image (`hosts`: service names and their addresses for its /etc/hosts);
 * remove() deletes it.
 */
export async function workingContainer(image: string, hosts: Record<string, string> = {}) {
  const addHosts = Object.entries(hosts).flatMap(([name, address]) => ['--add-host', `${name}:${address}`]);
  const name = await buildah('from', '--pull-never', ...addHosts, image);
  return {
    name,
    /** Runs a command in the container to its end; the exit code and output, never a throw. */
    async run(command: string[], env: Record<string, string> = {}, spawner = here) {
      const child = start(spawner, name, command, env);
      const [code] = (await once(child.process, 'exit')) as [number | null];
      return { code, stdout: child.stdout(), stderr: child.stderr() };
    },
    /** Starts a long-running command (the image's entrypoint, say); see {@link Started}. */
    start: (command: string[], env: Record<string, string> = {}, spawner = here) =>
      start(spawner, name, command, env),
    remove: () => buildah('rm', name).catch(() => ''),
  };
}

/**
 * The image's filesystem run as a container runtime runs it, for what `buildah run` cannot show: the command
 * as PID 1 of a PID namespace of its own (`unshare --pid --fork`), chrooted into the image, as the image's
 * user, with only the image's environment.
 */
export async function pidOneContainer(image: string, config: ImageConfig) {
  const name = await buildah('from', '--pull-never', image);
  const root = await buildah('mount', name);
  return {
    start(command: string[], env: Record<string, string>, spawner: Spawner): Started {
      const environment = [...config.Env, ...Object.entries(env).map(([key, value]) => `${key}=${value}`)];
      const user = config.User.includes(':') ? config.User : `${config.User}:${config.User}`;
      const args = ['--pid', '--fork', '--kill-child', 'chroot', `--userspec=${user}`, root];
      return started(spawner('unshare', [...args, '/usr/bin/env', '-i', ...environment, ...command]));
    },
    async remove() {
      await buildah('umount', name).catch(() => '');
      await buildah('rm', name).catch(() => '');
    },
  };
}

export interface Started {
  process: ChildProcess;
  stdout(): string;
  stderr(): string;
}

function start(spawner: Spawner, container: string, command: string[], env: Record<string, string>): Started {
  const envArgs = Object.entries(env).flatMap(([key, value]) => ['--env', `${key}=${value}`]);
  return started(spawner('buildah', ['run', ...isolation, ...envArgs, container, '--', ...command]));
}

function started(child: ChildProcess): Started {
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk;
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk;
  });
  return { process: child, stdout: () => stdout, stderr: () => stderr };
}

/**
 * The process the container runs, found below `buildah run` by its command name: what a container runtime
 * would start as PID 1 and signal on `docker stop`.
 */
export function containerProcess(
  ancestor: number,
  command: string,
): { pid: number; uid: number; pidInItsNamespace: number } | undefined {
  const parents = new Map<number, number>();
  const names = new Map<number, string>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      names.set(Number(entry), stat.slice(stat.indexOf('(') + 1, close));
      parents.set(Number(entry), Number(stat.slice(close + 2).split(' ')[1]));
    } catch {
      // The process ended while we looked.
    }
  }
  const descends = (pid: number): boolean => {
    for (let parent = parents.get(pid); parent !== undefined && parent > 1; parent = parents.get(parent)) {
      if (parent === ancestor) return true;
    }
    return false;
  };
  for (const [pid, name] of names) {
    if (name !== command || !descends(pid)) continue;
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const uid = /^Uid:\s+(\d+)/m.exec(status)?.[1];
    const inner = /^NSpid:.*\s(\d+)$/m.exec(status)?.[1];
    return { pid, uid: Number(uid), pidInItsNamespace: Number(inner ?? pid) };
  }
  return undefined;
}
