import type { OrderStatus } from '../types.ts';
import { MAX_ORDER_BYTES } from './order-bytes.ts';
import { adminOrderJson, orderJson } from './order-json.ts';
import type { OrderTable } from './order-table.ts';
import { CHUNK_ROWS, CHUNK_SHIFT } from './seed-table.ts';

export { CHUNK_ROWS } from './seed-table.ts';

/** Which orders a list shows and how it writes one. */
export interface ListView {
  readonly shows: (status: OrderStatus) => boolean;
  /** Whether each order carries its status: the admin form (adminOrderJson), else the public one (orderJson). */
  readonly withStatus: boolean;
}

// The core names no runtime; TextEncoder is a global in every runtime it runs on (Node, browsers, workers).
const { TextEncoder } = globalThis as unknown as {
  TextEncoder: new () => {
    encode(text: string): Uint8Array;
    encodeInto(text: string, into: Uint8Array): { written: number };
  };
};
const encoder = new TextEncoder();
const OPEN = encoder.encode('[');
const CLOSE = encoder.encode(']');
const EMPTY = encoder.encode('[]');

/** Where chunks are encoded (rendering is synchronous, so one serves every list); it grows as orders need. */
let scratch = new Uint8Array(CHUNK_ROWS * 128);

/**
 * A list's JSON as byte chunks of CHUNK_ROWS orders each, rendered lazily and kept until one of their orders
 * changes: after a change the next list costs one chunk's rendering, whatever the store's size
 * (docs/decisions.md, "Cost of a change at a large size"). The chunks a table still shares with its seed
 * are rendered once for every table on that seed (the mock's and its sessions'); only the chunks a table
 * copied are rendered and kept here.
 */
export class ListChunks {
  /** The table's own chunks' orders as `,{…},{…}` (a leading comma per order), or undefined when not rendered. */
  #chunks: (Uint8Array | undefined)[] = [];

  constructor(readonly view: ListView) {}

  /** Forget the chunk that holds this row. */
  changed(row: number): void {
    this.#chunks[row >> CHUNK_SHIFT] = undefined;
  }

  /** Forget every chunk rendered here (the table went back to its seed, or has another one). */
  clear(): void {
    this.#chunks = [];
  }

  /** The whole list, `[`…`]`, as chunks to write one after the other. */
  render(table: OrderTable): Uint8Array[] {
    const parts: Uint8Array[] = [];
    const count = Math.ceil(table.length / CHUNK_ROWS);
    const seeded = table.seed.rendered(this.view);
    for (let chunk = 0; chunk < count; chunk++) {
      const cache = table.ownsChunk(chunk) ? this.#chunks : seeded;
      let bytes = cache[chunk];
      if (bytes === undefined) cache[chunk] = bytes = this.#render(table, chunk);
      if (bytes.length === 0) continue;
      // The first order drops its comma; a view of the same bytes, not a copy.
      parts.push(parts.length === 0 ? bytes.subarray(1) : bytes);
    }
    if (parts.length === 0) return [EMPTY];
    return [OPEN, ...parts, CLOSE];
  }

  /**
   * Writes each order straight from the columns into a scratch buffer and copies the chunk out: no object,
   * string or `Date` per order, and no string of the whole chunk (kept alive across many young-generation
   * collections, it grew the heap of a large list; docs/performance.md, "Lists in chunks"). The rare order
   * with a text beside its numbers is written through its object.
   */
  #render(table: OrderTable, chunk: number): Uint8Array {
    const end = Math.min(table.length, (chunk + 1) * CHUNK_ROWS);
    const { shows, withStatus } = this.view;
    const json = withStatus ? adminOrderJson : orderJson;
    let used = 0;
    for (let row = chunk * CHUNK_ROWS; row < end; row++) {
      if (!shows(table.status(row))) continue;
      if (used + MAX_ORDER_BYTES > scratch.length) grow(used + MAX_ORDER_BYTES);
      const written = table.putJson(row, scratch, used, withStatus);
      if (written >= 0) {
        used = written;
        continue;
      }
      const text = `,${json(table.get(row))}`;
      // Three bytes per UTF-16 unit at most.
      if (used + text.length * 3 > scratch.length) grow(used + text.length * 3);
      used += encoder.encodeInto(text, scratch.subarray(used)).written;
    }
    return scratch.slice(0, used);
  }
}

/** A larger scratch buffer holding what the smaller one had. */
function grow(size: number): void {
  const larger = new Uint8Array(Math.max(scratch.length * 2, size));
  larger.set(scratch);
  scratch = larger;
}
