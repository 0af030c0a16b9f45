import { createClient } from '@redis/client';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { RunningServer } from '../node/server.ts';
import { challengeOf } from '../test-support/oauth-scenarios.ts';
import { type Replica, startReplica } from '../test-support/redis-replica.ts';
import { redisServerInstalled, startRedisServer, type TestRedis } from '../test-support/redis-server.ts';

const hasRedis = redisServerInstalled();
let redis: TestRedis;
const opened: Replica[] = [];
const CLIENT = { clientId: 'ci', clientSecret: 's3cret' };

beforeAll(async () => {
  if (hasRedis) redis = await startRedisServer();
});
afterAll(async () => {
  for (const replica of opened) await replica.close();
  await redis?.stop();
});

async function replica(keyPrefix: string): Promise<RunningServer> {
  const started = await startReplica(redis.url, keyPrefix, {
    oauthClients: [CLIENT],
    tokenTtlMs: 60_000,
  });
  opened.push(started);
  return started.mock;
}

async function token(mock: RunningServer, headers: Record<string, string> = {}): Promise<string> {
  const response = await fetch(`${mock.url}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: 'grant_type=client_credentials&client_id=ci&client_secret=s3cret',
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

const orders = (mock: RunningServer, bearer: string, headers: Record<string, string> = {}) =>
  fetch(`${mock.baseUrl}/store/orders`, { headers: { authorization: `Bearer ${bearer}`, ...headers } });

const control = (mock: RunningServer, path: string, body?: object, headers: Record<string, string> = {}) =>
  fetch(`${mock.url}/__mock/${path}`, {
    method: body === undefined ? 'DELETE' : 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

describe.skipIf(!hasRedis)('OAuth tokens on two replicas sharing Redis', () => {
  let one: RunningServer;
  let two: RunningServer;
  beforeAll(async () => {
    [one, two] = [await replica('oauth'), await replica('oauth')];
  });

  test('accept a token issued by the other replica, and expire it together on the shared clock', async () => {
    await control(one, 'reset', {});
    const issued = await token(one);
    expect((await orders(two, issued)).status).toBe(200);
    await control(two, 'clock/advance', { by: '61s' });
    const expired = await orders(one, issued);
    expect(expired.status).toBe(401);
    expect(challengeOf(expired.headers.get('www-authenticate')).params.error_description).toBe(
      'The access token expired',
    );
  });

  test('forget every token on a reset through either replica, and keep only hashes in Redis', async () => {
    const issued = await token(two);
    const redisClient = createClient({ url: redis.url });
    await redisClient.connect();
    try {
      const kept = await redisClient.zRange('oauth:tokens', 0, -1);
      expect(kept.length).toBeGreaterThan(0);
      expect(kept).not.toContain(issued);
      expect(JSON.stringify(await redisClient.keys('oauth:*'))).not.toContain(issued);
    } finally {
      redisClient.destroy();
    }
    await control(one, 'reset', {});
    expect((await orders(two, issued)).status).toBe(401);
  });

  test("keep a session's tokens in the session on every replica, and drop them with it", async () => {
    const session = { 'x-mock-session': 'oauth-s1' };
    const issued = await token(one, session);
    expect((await orders(two, issued, session)).status).toBe(200);
    expect((await orders(two, issued)).status).toBe(401);
    await control(two, 'clock/advance', { by: '2m' }, session);
    expect((await orders(one, issued, session)).status).toBe(401);
    const fresh = await token(two, session);
    await control(one, 'sessions/oauth-s1');
    expect((await orders(two, fresh, session)).status).toBe(401);
  });
});
