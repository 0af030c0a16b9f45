import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, relative, sep } from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { STATE_SCHEMA } from '../core/controls/snapshot.ts';
import { oneLine } from './text.ts';

// `--state-file PATH`: the mock's state (GET /__mock/state) loaded at start and kept in a file. Each write
// replaces the file atomically (a temporary file renamed over it, fsynced), so a crash or `kill -9` in the
// middle of one leaves the previous file whole; writes are coalesced, so a burst of changes costs a few.

/** How long the changes must pause before the state is written; the changes made meanwhile ride along. */
export const STATE_WRITE_DELAY_MS = 100;
/** The longest a change waits for its write while changes keep coming (the durability window). */
export const STATE_WRITE_MAX_DELAY_MS = 1000;

/** The state saved in `file`, parsed; undefined when there is no file yet. Not JSON: an Error of one line. */
export async function readStateFile(file: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new Error(`--state-file ${file}: ${oneLine((error as Error).message)}`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Error(`--state-file ${file}: not JSON (${oneLine((error as Error).message)}).`);
  }
}

export interface StateFileWriter {
  /**
   * Something changed: the state is written once changes pause for STATE_WRITE_DELAY_MS, and at the latest
   * STATE_WRITE_MAX_DELAY_MS after the first change not written yet, with every change made by then.
   */
  changed(): void;
  /** Writes now what is still to be written (on shutdown), and waits for a write under way. */
  flush(): Promise<void>;
}

export interface StateFileOptions {
  readonly file: string;
  /** The state to write (the served mock's, at the moment of writing). */
  readonly snapshot: () => Promise<Record<string, unknown>>;
  /** A write that failed (a full disk); the next change tries again. */
  readonly onError: (error: Error) => void;
  readonly delayMs?: number;
  readonly maxDelayMs?: number;
  /** Milliseconds on a monotonic clock; default performance.now (tests pass their fake timers' clock). */
  readonly now?: () => number;
  /** How the text reaches the disk; default write-file-atomic (tests count the writes). */
  readonly write?: (file: string, text: string) => Promise<void>;
}

/**
 * Keeps `file` up to date with the state: a write once the changes pause (a trailing write), or once the
 * oldest unwritten change has waited the maximum (so a steady stream still reaches the disk); at most one
 * write under way, and one more for what changed during it. A change only notes its time: the timer, once
 * armed, re-arms itself for what is left of the wait.
 */
export function stateFileWriter(options: StateFileOptions): StateFileWriter {
  const { file, snapshot, onError } = options;
  const write = options.write ?? ((path: string, text: string) => writeFileAtomic(path, text));
  const delayMs = options.delayMs ?? STATE_WRITE_DELAY_MS;
  const maxDelayMs = options.maxDelayMs ?? STATE_WRITE_MAX_DELAY_MS;
  const now = options.now ?? (() => performance.now());
  const schema = schemaFrom(file);
  let dirty = false;
  /** When the first change not written yet, and the last change, came. */
  let firstChange = 0;
  let lastChange = 0;
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> | undefined;

  const writeNow = async () => {
    timer = undefined;
    dirty = false;
    try {
      const state = await snapshot();
      await write(file, `${JSON.stringify({ ...state, $schema: schema }, null, 2)}\n`);
    } catch (error) {
      onError(error as Error);
    }
  };
  const due = () => Math.min(lastChange + delayMs, firstChange + maxDelayMs) - now();
  const tick = () => {
    const wait = due();
    if (wait > 0) timer = setTimeout(tick, wait);
    else run();
  };
  const run = () => {
    writing = writeNow().finally(() => {
      writing = undefined;
      if (dirty) schedule();
    });
  };
  const schedule = () => {
    if (timer === undefined && writing === undefined) timer = setTimeout(tick, Math.max(0, due()));
  };

  return {
    changed() {
      lastChange = now();
      if (!dirty) firstChange = lastChange;
      dirty = true;
      schedule();
    },
    async flush() {
      // A write that ends may schedule the next (a change came meanwhile): cancel that timer each time round,
      // so that nothing is written after the flush.
      for (;;) {
        if (timer !== undefined) {
          clearTimeout(timer);
          timer = undefined;
        }
        if (writing !== undefined) await writing;
        else if (dirty) run();
        else return;
      }
    },
  };
}

/** The state's JSON Schema as seen from the file's folder (an editor then completes and checks the file). */
function schemaFrom(file: string): string {
  try {
    const schema = createRequire(import.meta.url).resolve('petstore-mock/state.schema.json');
    const path = relative(dirname(file), schema).split(sep).join('/');
    return path.startsWith('.') ? path : `./${path}`;
  } catch {
    return STATE_SCHEMA;
  }
}
