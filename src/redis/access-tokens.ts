import { createHash } from 'node:crypto';
import { MAX_LIVE_TOKENS, type TokenStore } from '../core/http/access-tokens.ts';
import { defineLua, type RedisClient, runScript, storeCall } from './connection.ts';
import type { SessionDocument } from './dashboard-document.ts';

/**
 * KEYS[1]: the state's tokens (a sorted set: token hash by expiry, on the mock's clock); KEYS[2], for a
 * session, the key that lives exactly as long as the session. ARGV: the hash, its expiry, now, the bound.
 * Drops the tokens expired by now, then the ones closest to expiry beyond the bound; a session's tokens
 * expire with the session.
 */
const issueScript = defineLua(`
local alive = KEYS[2]
if alive and redis.call('EXISTS', alive) == 0 then return 'dropped' end
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[3])
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[1])
local extra = redis.call('ZCARD', KEYS[1]) - tonumber(ARGV[4])
if extra > 0 then redis.call('ZREMRANGEBYRANK', KEYS[1], 0, extra - 1) end
if alive then
  local ttl = redis.call('PTTL', alive)
  if ttl > 0 then redis.call('PEXPIRE', KEYS[1], ttl) end
end
return 'ok'`);

/** What a token store needs of the shared state: the request's copy of the shared clock, loaded. */
export interface SharedClockLoader {
  /** Loads the shared document (and its clock) into the running request, if it has not been yet. */
  loadClock(): Promise<void>;
}

/**
 * The tokens a state issued, in Redis under its prefix (`P:tokens`, or `P:session:<id>:tokens`), so that a
 * token issued by one replica is valid on every other; expiry is judged on the shared clock, which each
 * lookup loads with the token. Tokens are kept as SHA-256 hashes: a copy of Redis holds no usable token.
 */
export function redisTokenStore(
  client: RedisClient,
  prefix: string,
  shared: SharedClockLoader,
  session?: SessionDocument,
): TokenStore {
  const key = `${prefix}:tokens`;
  const keys = session ? [key, session.aliveKey] : [key];
  const hash = (token: string) => createHash('sha256').update(token).digest('base64url');
  return {
    async issue(token, expiresAt, now) {
      const args = [hash(token), String(expiresAt), String(now), String(MAX_LIVE_TOKENS)];
      const reply = await runScript(client, issueScript, keys, args);
      if (reply === 'dropped') throw session?.dropped();
    },
    async expiresAt(token) {
      const [score, clock] = await Promise.allSettled([
        storeCall(() => client.zScore(key, hash(token))),
        shared.loadClock(),
      ]);
      if (score.status === 'rejected') throw score.reason;
      // An unknown token needs no clock, nor a session that still lives (one dropped since this process
      // last saw it has no document to load: the token is simply unknown).
      if (score.value === null) return undefined;
      if (clock.status === 'rejected') throw clock.reason;
      return score.value;
    },
    async clear() {
      await storeCall(() => client.del(key));
    },
  };
}
