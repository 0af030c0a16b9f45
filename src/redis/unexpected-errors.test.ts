import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { MockRequest } from '../core/types.ts';
import { type Replica, startReplica } from '../test-support/redis-replica.ts';
import { redisServerInstalled, startRedisServer, type TestRedis } from '../test-support/redis-server.ts';
import { connectRedis, type RedisClient } from './connection.ts';

const KEY = 'test-key';
const hasRedis = redisServerInstalled();
let redis: TestRedis;
let client: RedisClient;
let replica: Replica;
const reported: { error: unknown; request: MockRequest }[] = [];

beforeAll(async () => {
  if (!hasRedis) return;
  redis = await startRedisServer();
  client = await connectRedis(redis.url);
  replica = await startReplica(redis.url, 'corrupt', {
    apiKeys: [KEY],
    onUnexpectedError: (error, request) => void reported.push({ error, request }),
  });
});
afterAll(async () => {
  await replica?.close();
  client?.destroy();
  await redis?.stop();
});

const call = async (path: string, session?: string) => {
  const response = await fetch(`${replica.mock.url}${path}`, {
    headers: { authorization: `Bearer ${KEY}`, ...(session ? { 'x-mock-session': session } : {}) },
    signal: AbortSignal.timeout(5000),
  });
  return { status: response.status, body: (await response.json()) as { code: string } };
};

/** Overwrites a state's shared document with text that is not JSON, under a new version so it is read again. */
async function corrupt(prefix: string): Promise<void> {
  await client.set(`${prefix}:dashboard`, '{"state": not json');
  await client.incr(`${prefix}:dashboard:version`);
}

describe.skipIf(!hasRedis)('an unexpected error in the shared state (Redis)', () => {
  test('is a 500 Error body reported once to onUnexpectedError, as in memory (it went to console.error)', async () => {
    expect((await call('/__dashboard/api/projects')).status).toBe(200);
    await corrupt('corrupt');
    const answer = await call('/__dashboard/api/projects');
    expect([answer.status, answer.body.code]).toEqual([500, 'INTERNAL_ERROR']);
    expect(reported).toHaveLength(1);
    expect(reported[0]?.error).toBeInstanceOf(SyntaxError);
    expect(reported[0]?.request).toMatchObject({ method: 'GET', path: '/__dashboard/api/projects' });
  });

  test('is reported the same way in a session, whose document is its own', async () => {
    // A reset from code writes the default document afresh, whatever it held.
    await replica.mock.api.reset();
    reported.length = 0;
    expect((await call('/__dashboard/api/projects', 'A')).status).toBe(200);
    await corrupt('corrupt:session:A');
    const answer = await call('/__dashboard/api/projects', 'A');
    expect([answer.status, answer.body.code]).toEqual([500, 'INTERNAL_ERROR']);
    expect(reported.map(({ request }) => request.headers['x-mock-session'])).toEqual(['A']);
  });
});
