/**
 * The start-up row's floors: for each start path that loads a dependency, a bare node:http server that does
 * only what that dependency needs before the first answer (scripts/bare-dependency-floor.ts), bundled with the
 * CLI's own bundling options so that it loads the same node-redis and js-yaml chunks and the same faker entry.
 * The row then says how much of a miss lies outside our code.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { StartVariant } from './bench-probes.ts';
import { CLI_BUNDLE } from './bundle-cli.ts';
import { buildWithStartChunk } from './start-chunk.ts';

/** A floor to start beside the path it belongs to: what it loads, and how to start it. */
export interface DependencyFloor extends StartVariant {
  /** The start path's variant name it is the floor of. */
  readonly path: string;
}

export interface FloorSettings {
  /** The paths' variant names: the default, `--seed 42`, the YAML config file, `--store`. */
  readonly names: {
    readonly default: string;
    readonly seed: string;
    readonly yaml: string;
    readonly redis?: string;
  };
  /** Writes the same config file the YAML path starts from, for a port, and returns its path. */
  readonly configFile: (port: number) => string;
  readonly redisUrl?: string;
}

/** Builds the floor server into .bench/ and returns its variants, and how to remove the build. */
export async function dependencyFloors(
  root: string,
  settings: FloorSettings,
): Promise<{ floors: DependencyFloor[]; remove: () => void }> {
  mkdirSync(join(root, '.bench'), { recursive: true });
  const outdir = mkdtempSync(join(root, '.bench', 'dependency-floor-'));
  const remove = () => rmSync(outdir, { recursive: true, force: true });
  try {
    await buildWithStartChunk({
      ...CLI_BUNDLE,
      entryPoints: { 'bare-dependency-floor': 'scripts/bare-dependency-floor.ts' },
      outdir,
      absWorkingDir: root,
      sourcemap: false,
    });
  } catch (error) {
    remove();
    throw error;
  }
  const floor = (args: readonly string[]) => [join(outdir, 'bare-dependency-floor.cjs'), ...args];
  const answer = (origin: string) => origin;
  const { names, redisUrl } = settings;
  const floors: DependencyFloor[] = [
    {
      path: names.default,
      name: 'floor: the bare server bundled as the CLI is',
      command: floor(['--dependency', 'none']),
      url: answer,
    },
    {
      path: names.seed,
      name: "floor: bare + faker's base, drawing the 25 orders of --seed 42",
      command: floor(['--dependency', 'seed', '--seed', '42', '--orders', '25']),
      url: answer,
    },
    {
      path: names.yaml,
      name: 'floor: bare + js-yaml, parsing the same config file',
      command: (port) =>
        floor(['--port', String(port), '--dependency', 'yaml', '--config', settings.configFile(port)]),
      url: answer,
    },
  ];
  if (names.redis && redisUrl) {
    floors.push({
      path: names.redis,
      name: "floor: bare + node-redis's client chunk, connecting, one GET",
      command: (port) =>
        floor([
          '--port',
          String(port),
          '--dependency',
          'redis',
          '--store',
          redisUrl,
          '--key-prefix',
          `bench-floor-${port}`,
        ]),
      url: answer,
    });
  }
  return { floors, remove };
}
