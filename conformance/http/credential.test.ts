import { describe, expect, it } from 'vitest';
import { serverPool } from '../test-support/pool.ts';
import { createHttpClient } from './client.ts';
import {
  type Credential,
  CredentialSourceError,
  type FetchedToken,
  jwtLifetimeMs,
  refreshingCredential,
} from './credential.ts';
import { nearMissToken } from './near-miss.ts';

const { serve } = serverPool();
const WALL = Date.parse('2026-09-01T00:00:00Z');

/** A source handing out tok-1, tok-2… with the given lifetime, on a clock the test moves. */
function tokens(expiresInMs?: number) {
  const clock = { time: 0 };
  const seen: string[] = [];
  let count = 0;
  const credential = refreshingCredential({
    source: 'oauth',
    fetch: async (): Promise<FetchedToken> => {
      count++;
      const token = `tok-${count}`;
      return expiresInMs === undefined ? { token } : { token, expiresInMs };
    },
    onToken: (token) => seen.push(token),
    now: () => clock.time,
    wallNow: () => WALL,
  });
  return { credential, clock, seen, fetched: () => count };
}

describe('a refreshing credential', () => {
  it('fetches once, then again shortly before the token expires (a tenth of its life, at most 30 s)', async () => {
    const { credential, clock, seen } = tokens(60_000);
    expect(await credential.current()).toBe('tok-1');
    clock.time = 53_999;
    expect(await credential.current()).toBe('tok-1');
    clock.time = 54_000;
    expect(await credential.current()).toBe('tok-2');
    expect(seen).toEqual(['tok-1', 'tok-2']);
    expect(credential.refreshes).toBe(1);
  });

  it("reads a JWT's exp when the source gives no lifetime", () => {
    const payload = Buffer.from(JSON.stringify({ exp: WALL / 1000 + 600 })).toString('base64url');
    expect(jwtLifetimeMs(`eyJhbGciOiJIUzI1NiJ9.${payload}.c2ln`, WALL)).toBe(600_000);
    expect(jwtLifetimeMs('opaque-token', WALL)).toBeUndefined();
  });

  it('shares one fetch among concurrent requests', async () => {
    const { credential, fetched } = tokens();
    expect(await Promise.all([credential.current(), credential.current(), credential.current()])).toEqual([
      'tok-1',
      'tok-1',
      'tok-1',
    ]);
    expect(fetched()).toBe(1);
  });

  it('fetches again after a 401 only to a token the server had accepted, so it never loops', async () => {
    const { credential } = tokens();
    const first = await credential.current();
    expect(await credential.afterRefusal(first)).toBeUndefined();
    credential.accepted(first);
    expect(await credential.afterRefusal(first)).toBe('tok-2');
    expect(await credential.afterRefusal('tok-2')).toBeUndefined();
    // A request that still held tok-1 gets the token fetched meanwhile, without another fetch.
    expect(await credential.afterRefusal(first)).toBe('tok-2');
    expect(credential.refreshes).toBe(1);
  });

  it('passes a failure of its source on, as the one line it is', async () => {
    const credential = refreshingCredential({
      source: 'token-command',
      fetch: async () => {
        throw new CredentialSourceError('the token command (--token-command) exited with code 1');
      },
      onToken: () => {},
      now: () => 0,
      wallNow: () => WALL,
    });
    await expect(credential.current()).rejects.toThrow('exited with code 1');
  });
});

describe('the client with a token', () => {
  /** A server that accepts only the newest token and records every Authorization it got. */
  async function server(accepted: () => string) {
    const seen: string[] = [];
    const url = await serve((req, res) => {
      seen.push(String(req.headers.authorization));
      res.writeHead(req.headers.authorization === `Bearer ${accepted()}` ? 200 : 401).end('{}');
    });
    return { url, seen };
  }

  const clientOf = (baseUrl: string, credential: Credential) =>
    createHttpClient({ baseUrl, credential, timeoutMs: 1000, retries: 0, maxBodyBytes: 1024, fetch });

  it('sends a request that expected success once more with a fresh token after a 401, never twice', async () => {
    const { credential } = tokens();
    let newest = 'tok-1';
    const { url, seen } = await server(() => newest);
    const client = clientOf(url, credential);
    expect((await client.send({ method: 'GET', path: '/', auth: 'valid' })).response?.status).toBe(200);
    newest = 'tok-2'; // tok-1 expired on the server
    const retried = await client.send({ method: 'GET', path: '/', auth: 'valid' });
    expect([retried.response?.status, retried.refreshed]).toEqual([200, true]);
    expect(seen).toEqual(['Bearer tok-1', 'Bearer tok-1', 'Bearer tok-2']);
    newest = 'none';
    const refused = await client.send({ method: 'GET', path: '/', auth: 'valid' });
    expect(refused.response?.status).toBe(401);
    expect(seen.slice(3)).toEqual(['Bearer tok-2', 'Bearer tok-3']);
    const again = await client.send({ method: 'GET', path: '/', auth: 'valid' });
    expect([again.response?.status, seen.length]).toEqual([401, 6]);
  });

  it('never refreshes for a wrong key or a near miss sent on purpose, and derives near misses from the token in use', async () => {
    const { credential, fetched } = tokens();
    const { url, seen } = await server(() => 'tok-1');
    const client = clientOf(url, credential);
    await client.send({ method: 'GET', path: '/', auth: 'valid' });
    const miss = await client.send({ method: 'GET', path: '/', auth: 'near-miss', nearMiss: 'extra-char' });
    const wrong = await client.send({ method: 'GET', path: '/', auth: 'wrong' });
    expect([miss.response?.status, wrong.response?.status, fetched()]).toEqual([401, 401, 1]);
    expect(seen[1]).toBe(`Bearer ${nearMissToken('tok-1', 'extra-char')}`);
    expect(miss.request).toMatchObject({
      credentialVariable: 'PETSTORE_TOKEN',
      headers: { authorization: 'Bearer [REDACTED]x' },
    });
  });
});
