import { randomBytes } from 'node:crypto';
import { open, readFile, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { Entry, Har } from 'har-format';
import writeFileAtomic from 'write-file-atomic';
import { type HarOptions, harEntry, harLog } from './har.ts';
import { HarFormatError, recordsFromHar } from './har-read.ts';
import { appendToHarTail } from './har-tail.ts';
import type { ExchangeRecord } from './record.ts';
import type { SecretRedactor } from './secrets.ts';

// HAR files on disk: written whole and atomically (a crash mid-write leaves the previous file whole), and
// appended to by one writer per file in this process, appends that arrive during a write folded into the next
// and, once this process has written the file, added at its tail without reading it again (har-tail.ts).

/** Writes the exchanges as one HAR file, redacted, replacing the file atomically. */
export async function writeHarFile(
  file: string,
  records: Iterable<ExchangeRecord>,
  options: HarOptions = {},
): Promise<void> {
  await writeFileAtomic(file, harText(harLog(records, options)));
}

/** The exchanges of a HAR file; throws HarFormatError (one line) when it is not JSON or not a HAR. */
export async function readHarFile(file: string): Promise<ExchangeRecord[]> {
  return recordsFromHar(parseHar(await readFile(file, 'utf8')));
}

/**
 * Why appending to `file` would fail from the start (its folder is missing or takes no new files, it is not a
 * HAR), or undefined.
 */
export async function harFileProblem(file: string): Promise<string | undefined> {
  const folder = dirname(resolve(file));
  const found = await stat(folder).catch(() => undefined);
  if (!found?.isDirectory()) return `the folder ${dirname(file)} does not exist`;
  try {
    await readHarFile(file);
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    if (code !== 'ENOENT') return code === 'EISDIR' ? 'it is a folder' : message;
  }
  const refused = await newFileRefused(folder);
  return refused && `the folder ${dirname(file)} cannot be written (${refused})`;
}

/**
 * The error code when the folder takes no new file, found by creating one and removing it: every write
 * replaces the HAR through a new file beside it, and a folder's mode bits do not tell (root passes them; a
 * read-only mount or a pseudo file system refuses anyway).
 */
async function newFileRefused(folder: string): Promise<string | undefined> {
  const probe = join(folder, `.petstore-write-check-${process.pid}-${randomBytes(4).toString('hex')}`);
  try {
    await (await open(probe, 'wx')).close();
    await rm(probe, { force: true });
    return undefined;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code ?? (error as Error).message;
  }
}

interface Queue {
  readonly entries: Entry[];
  readonly waiting: { resolve(): void; reject(error: unknown): void }[];
  running: boolean;
}
const queues = new Map<string, Queue>();
/** The size of each file as this process last wrote it: while it is still that, appends go to its tail. */
const writtenSizes = new Map<string, number>();

/**
 * Appends the exchanges (redacted) to the HAR file at `file`, creating it when missing; resolves once they
 * are on disk. Calls for one file run one at a time, and those made while a write runs are written together
 * by the next: a burst costs a few writes, not one per exchange. Each write replaces the file atomically. A
 * file that exists but is not a HAR is left alone (the promise rejects with HarFormatError).
 *
 * @example await appendHarEntries('misses.har', [exchange], { creator: { name: 'petstore-mock', version } });
 */
export function appendHarEntries(
  file: string,
  records: Iterable<ExchangeRecord>,
  options: HarOptions = {},
): Promise<void> {
  const path = resolve(file);
  let queue = queues.get(path);
  if (!queue) {
    queue = { entries: [], waiting: [], running: false };
    queues.set(path, queue);
  }
  for (const record of records) queue.entries.push(harEntry(record, options.secrets));
  const done = new Promise<void>((resolve, reject) => queue.waiting.push({ resolve, reject }));
  if (!queue.running) void drain(path, queue, options);
  return done;
}

async function drain(path: string, queue: Queue, options: HarOptions): Promise<void> {
  queue.running = true;
  while (queue.waiting.length > 0) {
    const entries = queue.entries.splice(0);
    const waiting = queue.waiting.splice(0);
    try {
      const known = writtenSizes.get(path);
      const size = known === undefined ? undefined : (await stat(path).catch(() => undefined))?.size;
      const appended =
        size === known && size !== undefined ? await appendToHarTail(path, size, entries) : undefined;
      writtenSizes.set(path, appended ?? (await rewriteWith(path, entries, options)));
      for (const waiter of waiting) waiter.resolve();
    } catch (error) {
      writtenSizes.delete(path);
      for (const waiter of waiting) waiter.reject(error);
    }
  }
  queue.running = false;
  queues.delete(path);
}

/**
 * Reads the file whole (or starts one), adds the entries and writes it back atomically, `entries` last in
 * `log` so that the next append can go to its tail; returns its size.
 */
async function rewriteWith(path: string, entries: readonly Entry[], options: HarOptions): Promise<number> {
  const existing = await readFile(path, 'utf8').then(parseHar, (error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  const { entries: before, ...log } = (existing ?? harLog([], options)).log;
  const text = harText({ ...existing, log: { ...log, entries: [...before, ...entries] } });
  await writeFileAtomic(path, text);
  return Buffer.byteLength(text);
}

function parseHar(text: string): Har {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    throw new HarFormatError(`not JSON (${(error as Error).message.split('\n')[0]}): a truncated file?`);
  }
  recordsFromHar(document);
  return document as Har;
}

const harText = (har: Har): string => `${JSON.stringify(har, null, 2)}\n`;

export interface HarAppender {
  /**
   * Queues the exchange for the file, redacted of `secrets` when given (the options' otherwise); never waits,
   * never throws.
   */
  add(record: ExchangeRecord, secrets?: SecretRedactor | readonly string[]): void;
  /** Resolves once every exchange added so far is written (or its write failed): true, or false after `withinMs`. */
  written(withinMs?: number): Promise<boolean>;
}

/**
 * Appends exchanges to the HAR file as they happen, for a front that must not wait on its disk: bursts fold
 * into a few writes (appendHarEntries), and a failed write is told to `onError` once, not once per exchange.
 *
 * @example const har = harAppender('misses.har', { onError: (error) => console.error(error.message) });
 */
export function harAppender(
  file: string,
  options: HarOptions & { readonly onError: (error: Error) => void },
): HarAppender {
  const pending = new Set<Promise<void>>();
  let failed = false;
  return {
    add(record, secrets) {
      const redacting = secrets === undefined ? options : { ...options, secrets };
      // Queued from a promise, so that even a record that cannot be rendered is an error told, never a throw.
      const write = Promise.resolve()
        .then(() => appendHarEntries(file, [record], redacting))
        .catch((error: Error) => {
          if (!failed) options.onError(error);
          failed = true;
        })
        .finally(() => pending.delete(write));
      pending.add(write);
    },
    async written(withinMs = Number.POSITIVE_INFINITY) {
      const all = Promise.all(pending).then(() => true);
      if (withinMs === Number.POSITIVE_INFINITY) return all;
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), withinMs);
      });
      try {
        return await Promise.race([all, late]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
