import { chunkedBody, jsonBody } from '../http/responses.ts';
import { hasChunkedLists } from '../orders/store.ts';
import type { ResponseBody } from '../types.ts';
import { type StateHolder, snapshotState, stateDocument } from './snapshot.ts';

// The core names no runtime; TextEncoder is a global in every runtime it runs on (Node, browsers, workers).
const { TextEncoder } = globalThis as unknown as {
  TextEncoder: new () => { encode(text: string): Uint8Array };
};
const encoder = new TextEncoder();

/**
 * `GET /__mock/state`'s body: the same JSON as `snapshotState`'s document, but with the orders written from
 * the store's kept list chunks (no object per order, no second copy of a large state's text) when the store
 * keeps them.
 */
export async function snapshotBody(holder: StateHolder): Promise<ResponseBody> {
  const { store } = holder;
  const chunks = hasChunkedLists(store) ? store.savedChunks() : undefined;
  if (chunks === undefined) return jsonBody(await snapshotState(holder));
  const { $schema, version, clock, orders: _written, ...rest } = await stateDocument(holder, []);
  // JSON.stringify's own key order: $schema, version, clock, orders, then the rest.
  const head = JSON.stringify({ $schema, version, clock }).slice(0, -1);
  const tail = JSON.stringify(rest).slice(1);
  return chunkedBody([encoder.encode(`${head},"orders":`), ...chunks, encoder.encode(`,${tail}`)]);
}
