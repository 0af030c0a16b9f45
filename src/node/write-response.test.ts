import type { ServerResponse } from 'node:http';
import { describe, expect, test } from 'vitest';
import type { MockResponse } from '../core/types.ts';
import { writeResponse } from './write-response.ts';

/** What node:http was asked to send: the head, and each call that carried bytes. */
function recorder() {
  const sent = { headers: {} as Record<string, string | number>, calls: [] as Uint8Array[] };
  const res = {
    writeHead(_status: number, headers: Record<string, string | number>) {
      sent.headers = headers;
      return res;
    },
    write(part: Uint8Array) {
      sent.calls.push(part);
      return true;
    },
    end(payload?: string | Uint8Array) {
      if (payload !== undefined)
        sent.calls.push(typeof payload === 'string' ? Buffer.from(payload) : payload);
      return res;
    },
    cork() {},
    uncork() {},
  };
  return { res: res as unknown as ServerResponse, sent };
}

/** A list answer in `parts` chunks of `size` bytes each, as the in-memory store renders a large list. */
function largeList(parts: number, size: number, fill: number): MockResponse {
  const chunks = Array.from({ length: parts }, (_, index) => new Uint8Array(size).fill(fill + index));
  const text = Buffer.concat(chunks).toString('latin1');
  return { status: 200, headers: { 'content-type': 'application/json' }, body: { text, chunks } };
}

function send(response: MockResponse) {
  const { res, sent } = recorder();
  writeResponse(res, response);
  return { ...sent, bytes: Buffer.concat(sent.calls) };
}

describe('writing a large list', () => {
  test('sends the same bytes and length in parts twice, then in one buffer from the third time in a row', () => {
    const list = largeList(25, 4096, 1);
    const answers = [send(list), send(list), send(list), send(list)];
    expect(answers.map((answer) => answer.calls.length)).toEqual([25, 25, 1, 1]);
    for (const answer of answers) {
      expect(answer.bytes.equals(Buffer.concat(list.body?.chunks ?? []))).toBe(true);
      expect(answer.headers['content-length']).toBe(25 * 4096);
    }
  });

  test('a list read twice between changes is never copied', () => {
    for (let change = 0; change < 3; change++) {
      const list = largeList(8, 1024, change);
      expect([send(list), send(list)].map((answer) => answer.calls.length)).toEqual([8, 8]);
    }
  });

  test('keeps one large list in one buffer at a time, the last asked three times in a row', () => {
    const [one, two] = [largeList(8, 1024, 1), largeList(8, 1024, 2)];
    const sizes = (list: MockResponse, times: number) =>
      Array.from({ length: times }, () => send(list).calls.length);
    expect(sizes(one, 3)).toEqual([8, 8, 1]);
    expect(sizes(two, 3)).toEqual([8, 8, 1]);
    // One's copy was let go when two's was made: it goes in parts until it is asked three times in a row
    // again, and then two's is let go.
    expect(sizes(one, 3)).toEqual([8, 8, 1]);
    expect(sizes(two, 1)).toEqual([8]);
  });

  test('never copies a list over 32 MiB, however often it is asked', () => {
    const huge = largeList(5, 7 * 1024 * 1024, 1);
    for (let i = 0; i < 3; i++) {
      const answer = send(huge);
      expect(answer.calls).toHaveLength(5);
      expect(answer.headers['content-length']).toBe(35 * 1024 * 1024);
    }
  });
});
