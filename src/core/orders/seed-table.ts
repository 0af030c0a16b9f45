/** Orders per chunk: small enough that a change copies and re-renders little, large enough that a million orders make few chunks. */
export const CHUNK_SHIFT = 12;
export const CHUNK_ROWS = 1 << CHUNK_SHIFT;

/** The texts of an order that a number does not hold: an id beyond 2^53, a ship date not in `toISOString()` form. */
export interface TextOf {
  readonly id?: string;
  readonly petId?: string;
  readonly shipDate?: string;
}

/** A list's rendered chunks, by chunk; undefined where not rendered yet. */
export type RenderedChunks = (Uint8Array | undefined)[];

/**
 * The orders of a table's seed, never written once made, so that every table forked from it (the mock's own
 * and each session's) reads it in place: ids, pet ids and quantities in full columns, statuses and ship
 * dates in chunks of CHUNK_ROWS rows (what a table copies, one chunk at a time, when it changes a row), and
 * the list JSON rendered from its chunks, shared by the tables that have not changed them.
 */
export interface SeedTable {
  readonly length: number;
  readonly ids: Float64Array;
  readonly petIds: Float64Array;
  readonly quantities: Float64Array;
  readonly flags: readonly Uint8Array[];
  readonly shipTimes: readonly Float64Array[];
  readonly text: ReadonlyMap<number, TextOf>;
  /** Row by id key, for the orders whose id is not their row + 1. */
  readonly rows: ReadonlyMap<number | string, number>;
  /** The largest id, as text ('' when there is none). */
  readonly largest: string;
  /** The rendered chunks of each list (by its view), shared by every table on this seed. */
  rendered(view: object): RenderedChunks;
}

/** What a seed is made of: full columns (at least `length` long; flags and ship times either whole or in chunks). */
export interface SeedParts {
  readonly length: number;
  readonly ids: Float64Array;
  readonly petIds: Float64Array;
  readonly quantities: Float64Array;
  readonly flags: Uint8Array | readonly Uint8Array[];
  readonly shipTimes: Float64Array | readonly Float64Array[];
  readonly text?: ReadonlyMap<number, TextOf>;
  readonly rows?: ReadonlyMap<number | string, number>;
  readonly largest?: string;
}

/**
 * A seed of `parts` (none: an empty one). Whole flag and ship-time columns are cut into chunks as views, not
 * copies: the columns are never written (a generated seed's, shared with a reloaded mock).
 */
export function seedTable(parts?: SeedParts): SeedTable {
  const length = parts?.length ?? 0;
  const empty = new Float64Array(0);
  const rendered = new Map<object, RenderedChunks>();
  return {
    length,
    ids: parts?.ids ?? empty,
    petIds: parts?.petIds ?? empty,
    quantities: parts?.quantities ?? empty,
    flags: chunked(parts?.flags ?? new Uint8Array(0), length),
    shipTimes: chunked(parts?.shipTimes ?? empty, length),
    text: parts?.text ?? new Map(),
    rows: parts?.rows ?? new Map(),
    // Generated seeds number their orders 1..length.
    largest: parts?.largest ?? (length === 0 ? '' : String(length)),
    rendered(view) {
      let chunks = rendered.get(view);
      if (!chunks) {
        chunks = [];
        rendered.set(view, chunks);
      }
      return chunks;
    },
  };
}

function chunked<T extends Uint8Array | Float64Array>(
  column: T | readonly T[],
  length: number,
): readonly T[] {
  if (Array.isArray(column)) return column;
  const whole = column as T;
  const chunks: T[] = [];
  for (let start = 0; start < length; start += CHUNK_ROWS) {
    chunks.push(whole.subarray(start, Math.min(length, start + CHUNK_ROWS)) as T);
  }
  return chunks;
}
