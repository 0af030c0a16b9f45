import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, relative, sep } from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { STATE_SCHEMA } from '../core/controls/snapshot.ts';
import { oneLine } from './text.ts';

// `--state-file PATH`: the mock's state (GET /__mock/state) loaded at start and kept in a file. Each write
// replaces the file atomically (a temporary file renamed over it, fsynced), so a crash or `kill -9` in the
// middle of one leaves the previous file whole; writes are coalesced, so a burst of changes costs a few.

/** How long after a change the state is written; the changes made meanwhile ride along. */
export const STATE_WRITE_DELAY_MS = 100;

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
  /** Something changed: the state is written within STATE_WRITE_DELAY_MS, with whatever else changes by then. */
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
  /** How the text reaches the disk; default write-file-atomic (tests count the writes). */
  readonly write?: (file: string, text: string) => Promise<void>;
}

/** Keeps `file` up to date with the state: at most one write under way, and one more for what changed during it. */
export function stateFileWriter(options: StateFileOptions): StateFileWriter {
  const { file, snapshot, onError } = options;
  const write = options.write ?? ((path: string, text: string) => writeFileAtomic(path, text));
  const delayMs = options.delayMs ?? STATE_WRITE_DELAY_MS;
  const schema = schemaFrom(file);
  let dirty = false;
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
  const run = () => {
    writing = writeNow().finally(() => {
      writing = undefined;
      if (dirty) schedule();
    });
  };
  const schedule = () => {
    if (timer === undefined && writing === undefined) timer = setTimeout(run, delayMs);
  };

  return {
    changed() {
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
