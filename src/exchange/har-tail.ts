import { randomUUID } from 'node:crypto';
import { copyFile, open, rename, rm, truncate } from 'node:fs/promises';
import type { Entry } from 'har-format';

// Appending to a HAR file without reading it whole: a long recording would otherwise be parsed and serialised
// again, on the server's one thread, for every batch of exchanges.

/** How a HAR as harText writes it ends (2-space JSON, `entries` last in `log`): with entries, and without. */
const CLOSE = '\n    ]\n  }\n}\n';
const EMPTY_CLOSE = '[]\n  }\n}\n';

/** The entries laid out as harText lays out `log.entries` (three levels deep), separated by commas. */
const entryText = (entries: readonly Entry[]): string =>
  entries.map((entry) => `      ${JSON.stringify(entry, null, 2).replaceAll('\n', '\n      ')}`).join(',\n');

/**
 * Appends `entries` to the HAR file at `path` (`size` bytes, last written by harText) and returns its new size,
 * or undefined when the file does not end as harText ends one (the caller then reads it whole). The file is
 * copied less its closing brackets, the entries and the brackets added, and the copy renamed over it: the
 * result is the text harText would write for all the entries, and a crash midway leaves the previous file.
 */
export async function appendToHarTail(
  path: string,
  size: number,
  entries: readonly Entry[],
): Promise<number | undefined> {
  const tail = await readTail(path, size, CLOSE.length);
  const close = tail.endsWith(CLOSE) ? CLOSE : tail.endsWith(EMPTY_CLOSE) ? EMPTY_CLOSE : undefined;
  if (close === undefined) return undefined;
  const added = `${close === CLOSE ? ',' : '['}\n${entryText(entries)}${CLOSE}`;
  const copy = `${path}.${randomUUID()}.tmp`;
  try {
    await copyFile(path, copy);
    await truncate(copy, size - close.length);
    const handle = await open(copy, 'a');
    try {
      await handle.write(added);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(copy, path);
  } catch (error) {
    await rm(copy, { force: true });
    throw error;
  }
  return size - close.length + Buffer.byteLength(added);
}

async function readTail(path: string, size: number, length: number): Promise<string> {
  const handle = await open(path, 'r');
  try {
    const start = Math.max(0, size - length);
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(size - start), 0, size - start, start);
    return buffer.subarray(0, bytesRead).toString('latin1');
  } finally {
    await handle.close();
  }
}
