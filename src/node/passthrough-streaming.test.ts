import { createHash } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startUpstream, type Upstream } from '../test-support/upstream.ts';
import { type RunningServer, startServer } from './server.ts';

// Forwarded bodies stream both ways with backpressure: a reader that stalls holds the writer back instead of
// the mock holding the bytes. Each test stalls its reader first, so that a mock that ignored backpressure
// would have taken in most of the body by the time it reads. RSS is read as a generous bound, not a figure.

const SIZE = 100 * 1024 * 1024;
/** A first, smaller transfer each way, so that what is measured is not the heap's first growth. */
const WARM_UP = 16 * 1024 * 1024;
const PIECE = Buffer.alloc(64 * 1024, 'x');
/** Far below the body's size; what buffering the whole body (or a large part of it) would exceed. */
const RSS_BOUND = 40 * 1024 * 1024;
const STALL_MS = 300;

let upstream: Upstream;
let mock: RunningServer;

/** Writes `size` bytes, waiting for `drain` whenever the socket's buffer is full. */
function writeBig(
  size: number,
  write: (chunk: Buffer) => boolean,
  onDrain: (resume: () => void) => void,
  end: () => void,
) {
  let sent = 0;
  const pump = () => {
    while (sent < size) {
      sent += PIECE.length;
      if (!write(PIECE)) return onDrain(pump);
    }
    end();
  };
  pump();
}

beforeAll(async () => {
  upstream = await startUpstream(
    (req, res) => {
      if (req.method === 'GET') {
        const size = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('size'));
        res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': size });
        return writeBig(
          size,
          (chunk) => res.write(chunk),
          (resume) => res.once('drain', resume),
          () => res.end(),
        );
      }
      // An upload: read only after a stall, then hash it as it comes.
      const hash = createHash('sha256');
      let bytes = 0;
      req.pause();
      setTimeout(() => {
        req.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          hash.update(chunk);
        });
        req.on('end', () => res.end(JSON.stringify({ bytes, sha256: hash.digest('hex') })));
        req.resume();
      }, STALL_MS);
    },
    { readsBody: false },
  );
  mock = await startServer({ port: 0, passthrough: { upstream: upstream.url } });
  await download(WARM_UP);
  await upload(WARM_UP);
});
afterAll(async () => {
  await mock.close();
  await upstream.close();
});

/** The largest RSS seen while `run` goes on, sampled every 10 ms. */
async function peakRss<T>(run: () => Promise<T>): Promise<{ result: T; growth: number }> {
  const before = process.memoryUsage.rss();
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 10);
  try {
    const result = await run();
    peak = Math.max(peak, process.memoryUsage.rss());
    return { result, growth: peak - before };
  } finally {
    clearInterval(sampler);
  }
}

describe('passthrough streams bodies both ways without holding them', () => {
  test('a 100 MB download reaches a client that stalls first, byte for byte, with RSS flat', async () => {
    const { result, growth } = await peakRss(() => download(SIZE));
    expect(result).toEqual({ bytes: SIZE, sha256: digestOf(SIZE) });
    expect(growth).toBeLessThan(RSS_BOUND);
  });

  test('a 100 MB upload reaches an upstream that stalls first, byte for byte, with RSS flat', async () => {
    const { result, growth } = await peakRss(() => upload(SIZE));
    expect(result).toEqual({ bytes: SIZE, sha256: digestOf(SIZE) });
    expect(growth).toBeLessThan(RSS_BOUND);
  });
});

interface Received {
  bytes: number;
  sha256: string;
}

function digestOf(size: number): string {
  const expected = createHash('sha256');
  for (let sent = 0; sent < size; sent += PIECE.length) expected.update(PIECE);
  return expected.digest('hex');
}

/** Downloads `size` bytes through the mock, reading only after a stall. */
function download(size: number): Promise<Received> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(`${mock.url}/v1/files/big?size=${size}`, (res) => {
      const hash = createHash('sha256');
      let bytes = 0;
      res.pause();
      setTimeout(() => {
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          hash.update(chunk);
        });
        res.on('end', () => resolve({ bytes, sha256: hash.digest('hex') }));
        res.resume();
      }, STALL_MS);
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/** Uploads `size` bytes through the mock to an upstream that reads only after a stall. */
function upload(size: number): Promise<Received> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      `${mock.url}/v1/uploads`,
      { method: 'POST', headers: { 'content-length': size } },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => {
          text += chunk.toString();
        });
        res.on('end', () => resolve(JSON.parse(text)));
      },
    );
    outgoing.on('error', reject);
    writeBig(
      size,
      (chunk) => outgoing.write(chunk),
      (resume) => outgoing.once('drain', resume),
      () => outgoing.end(),
    );
  });
}
