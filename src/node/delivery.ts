import type { ServerResponse } from 'node:http';
import type { Delivery, MockResponse } from '../core/index.ts';

/** How many pieces a dribbled body is sent in. */
const DRIBBLE_CHUNKS = 5;

/**
 * Carries out what the core described for a delayed or faulty answer (src/core/controls/traffic.ts), on the raw
 * socket where HTTP cannot say it: `reset` is a TCP RST, `empty` closes without a byte, `dribble` sends the
 * head and then the body in pieces spread over `dribbleMs`.
 */
export async function deliver(
  res: ServerResponse,
  response: MockResponse,
  delivery: Delivery,
  sleep: (ms: number) => Promise<void>,
  write: (res: ServerResponse, response: MockResponse) => void,
): Promise<void> {
  if (delivery.delayMs > 0) await sleep(delivery.delayMs);
  const socket = res.socket;
  if (delivery.fault === 'reset') {
    socket?.resetAndDestroy();
    return;
  }
  if (delivery.fault === 'empty') {
    socket?.destroy();
    return;
  }
  if (delivery.fault !== 'dribble' || !response.body) {
    write(res, response);
    return;
  }
  const bytes = Buffer.from(response.body.text);
  // Without a length the body is chunked, so each piece leaves as it is written.
  res.writeHead(response.status, response.headers);
  const size = Math.ceil(bytes.length / DRIBBLE_CHUNKS);
  const pause = Math.floor((delivery.dribbleMs ?? 0) / DRIBBLE_CHUNKS);
  for (let start = 0; start < bytes.length; start += size) {
    if (res.destroyed) return;
    res.write(bytes.subarray(start, start + size));
    await sleep(pause);
  }
  res.end();
}
