import { watch as watchDirectory } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import type { MockApiOptions } from '../core/api.ts';
import { quote } from '../core/http/text.ts';
import type { FixtureData } from '../seed/fixture-file.ts';
import type { CliOptions } from './options.ts';
import { UsageError } from './options.ts';
import { oneLine } from './text.ts';

export type SeedData = Pick<MockApiOptions, 'orders' | 'pets'>;

/**
 * From this many orders, `--seed` generates in a worker thread (seed-worker.ts, loaded only then): starting
 * one costs start-up time that a small seed does not repay, while from here on the serving thread stays free
 * of faker and of the young generation that generating grows (docs/decisions.md, "Large generated seeds",
 * has the figures).
 */
export const WORKER_SEED_THRESHOLD = 50_000;

/** The orders (and pets) to start with: generated, from --fixtures, or the committed fixtures. */
export async function seedData(options: CliOptions): Promise<SeedData> {
  if (options.generate) {
    // A large seed is generated in a worker thread, so this thread never imports faker (src/cli/seed-worker.ts).
    if (options.generate.count >= WORKER_SEED_THRESHOLD) {
      const { generateInWorker } = await import('./seed-worker.ts');
      return { orders: await generateInWorker(options.generate) };
    }
    // Loaded only when asked for, so the default start-up does not pay for faker.
    const { generateOrderColumns } = await import('../seed/generate.ts');
    return { orders: generateOrderColumns(options.generate) };
  }
  return options.fixturesFile ? loadFixtures(options.fixturesFile) : {};
}

/** Reads and checks a fixture file; any problem is one UsageError line that names the file. */
export async function loadFixtures(file: string): Promise<FixtureData> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const { code } = error as { code?: string };
    throw new UsageError(`--fixtures ${quote(file)}: cannot read it (${code ?? 'unknown error'}).`);
  }
  // Loaded only with --fixtures: the file's validator is not needed to serve generated or default orders.
  const { parseFixtureText } = await import('../seed/fixture-file.ts');
  try {
    return parseFixtureText(text);
  } catch (error) {
    throw new UsageError(`--fixtures ${quote(file)}: ${oneLine((error as Error).message)}`);
  }
}

/**
 * Calls `onChange` after the file changes, settled for 100 ms. The folder is watched rather than the file,
 * so that editors that save by replacing the file (a new inode) are followed too.
 */
export function watchFile(file: string, onChange: () => void): () => void {
  const name = basename(file);
  let timer: NodeJS.Timeout | undefined;
  const watcher = watchDirectory(dirname(file), (_event, changed) => {
    if (changed !== null && changed !== name) return;
    clearTimeout(timer);
    timer = setTimeout(onChange, 100);
  });
  return () => {
    clearTimeout(timer);
    watcher.close();
  };
}
