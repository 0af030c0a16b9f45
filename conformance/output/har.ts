import { stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { writeHarFile } from '../../src/exchange/har-file.ts';
import type { ExchangeRecord } from '../../src/exchange/record.ts';
import { UsageError } from '../run/usage-error.ts';

// `--har FILE` of a run and of the proxy: their exchanges as one HAR 1.2 file, written by the kit's one HAR
// writer (src/exchange), which redacts every credential field; `secrets` are the values the writer also knows.

/** Refuses, before the run, a HAR path whose folder does not exist (the run's result is not lost at its end). */
export async function checkHarPath(file: string): Promise<void> {
  const folder = await stat(dirname(file)).catch(() => undefined);
  if (!folder?.isDirectory())
    throw new UsageError(`--har ${file}: the folder ${dirname(file)} does not exist`);
}

/** The HAR's `creator`: the suite and the package's version. */
export function harCreator(): { name: string; version: string } {
  // The package refers to itself by name (its package.json is exported), from conformance/ and dist/ alike.
  const { version } = createRequire(import.meta.url)('petstore-mock/package.json') as { version: string };
  return { name: 'petstore-conformance', version };
}

/** Writes the exchanges to `file` as the run's HAR, atomically. */
export async function writeRunHar(
  file: string,
  exchanges: readonly ExchangeRecord[],
  secrets: readonly (string | undefined)[],
): Promise<void> {
  await writeHarFile(file, exchanges, {
    creator: harCreator(),
    secrets: secrets.filter((secret): secret is string => secret !== undefined && secret !== ''),
  });
}
