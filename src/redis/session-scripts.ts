import { defineLua } from './connection.ts';

/**
 * The keys of a session under `P:session:<id>`: its revision (created with the session and alive exactly as
 * long as it is: every script asks it), its own orders once changed, its simulation-and-clock document, and
 * the OAuth tokens it issued.
 */
export const SESSION_KEYS = [
  'revision',
  'orders',
  'order-ids',
  'max-id',
  'dashboard',
  'dashboard:version',
  'tokens',
];

/**
 * The registry every replica shares: KEYS are `P:sessions` (sorted set: id by last use, on the mock's clock),
 * `P:sessions:created` (hash: id → "created incarnation"), `P:sessions:next` (the incarnation counter) and
 * `P:dashboard:version` (the default document's, whose clock is the mock's). ARGV[1] is the prefix `P`:
 * the scripts name the keys of the sessions they drop themselves (a single Redis, not a cluster).
 * ARGV[2] and ARGV[3] are the mock's clock now and the TTL, ARGV[4] the default document's version the
 * caller read that clock from: when another replica changed it since, the script answers {'stale'} and the
 * caller reads the clock again. A script that also works on a session's orders gets the registry's keys
 * and arguments after its own (`registryAt` names where they start).
 */
const registryAt = (keyOffset: string, argOffset: string) => `
local RK, RA = ${keyOffset}, ${argOffset}
local USED, CREATED, NEXT, CLOCK_VERSION = KEYS[RK + 1], KEYS[RK + 2], KEYS[RK + 3], KEYS[RK + 4]
local PREFIX, NOW, TTL, CLOCK_READ = ARGV[RA + 1], ARGV[RA + 2], ARGV[RA + 3], ARGV[RA + 4]
local SUFFIXES = {'${SESSION_KEYS.join("', '")}'}
local function key(id, suffix) return PREFIX .. ':session:' .. id .. ':' .. suffix end
local function alive(id) return redis.call('EXISTS', key(id, 'revision')) == 1 end
local function drop(id)
  redis.call('ZREM', USED, id)
  redis.call('HDEL', CREATED, id)
  local keys = {}
  for i, suffix in ipairs(SUFFIXES) do keys[i] = key(id, suffix) end
  redis.call('DEL', unpack(keys))
end
local function stale()
  local version = redis.call('GET', CLOCK_VERSION)
  return version and version ~= CLOCK_READ
end
-- Drops the sessions idle longer than the TTL on the mock's clock (now - last use > TTL). A last use later
-- than the clock (a reset took it back) counts as now, as in memory.
local function expire()
  for _, id in ipairs(redis.call('ZRANGEBYSCORE', USED, '(' .. NOW, '+inf')) do
    redis.call('ZADD', USED, NOW, id)
  end
  local bound = string.format('%.0f', tonumber(NOW) - tonumber(TTL))
  for _, id in ipairs(redis.call('ZRANGEBYSCORE', USED, '-inf', '(' .. bound)) do drop(id) end
end
-- Forgets the sessions whose keys Redis reclaimed (their expiry): they are no longer live.
local function collect()
  for _, id in ipairs(redis.call('ZRANGE', USED, 0, -1)) do
    if not alive(id) then drop(id) end
  end
end
-- Uses session ARGV[RA + 5] (creating it if needed, unless ARGV[RA + 8] is 'find'): ARGV[RA + 6] is
-- --max-sessions, ARGV[RA + 7] the keys' expiry in ms. See useScript for the answers.
local function enter()
  if stale() then return {'stale'} end
  expire()
  local id, max, expiry = ARGV[RA + 5], tonumber(ARGV[RA + 6]), ARGV[RA + 7]
  local created = redis.call('HGET', CREATED, id)
  if created and alive(id) then
    redis.call('ZADD', USED, NOW, id)
    for _, suffix in ipairs(SUFFIXES) do redis.call('PEXPIRE', key(id, suffix), expiry) end
    return {'live', created}
  end
  if created then drop(id) end
  if ARGV[RA + 8] == 'find' then return {'absent'} end
  if redis.call('ZCARD', USED) >= max then
    collect()
    if redis.call('ZCARD', USED) >= max then return {'full'} end
  end
  created = NOW .. ' ' .. redis.call('INCR', NEXT)
  redis.call('HSET', CREATED, id, created)
  redis.call('ZADD', USED, NOW, id)
  redis.call('SET', key(id, 'revision'), 0, 'PX', expiry)
  return {'created', created}
end`;

/**
 * What a script working on a session's orders runs first, so that a request in a session is one round trip:
 * its keys and arguments end with the registry's (KEYS: the four above; ARGV: the four above and the four of
 * `enter`). `enter()` answers as useScript does.
 */
export const REGISTRY_AFTER_OWN = registryAt('#KEYS - 4', '#ARGV - 8');

const lua = (body: string) => defineLua(`${registryAt('0', '0')}\n${body}`);

/**
 * Uses a session (see `enter`). Answers {'live', created} or {'created', created} ("created incarnation": a
 * new value means a new session, so replicas drop what they kept of an older one), {'absent'} (not live, and
 * 'find'), {'full'} (the 429) or {'stale'}.
 */
export const useScript = lua('return enter()');

/** The live sessions, oldest use first: id, last use, "created incarnation", 1 if it copied the orders. */
export const listScript = lua(`
if stale() then return {'stale'} end
expire()
collect()
local out = {'ok'}
local rows = redis.call('ZRANGE', USED, 0, -1, 'WITHSCORES')
for i = 1, #rows, 2 do
  local id = rows[i]
  out[#out + 1] = id
  out[#out + 1] = rows[i + 1]
  out[#out + 1] = redis.call('HGET', CREATED, id) or ''
  out[#out + 1] = redis.call('EXISTS', key(id, 'max-id'))
end
return out`);

/** Drops session ARGV[5] and its keys: {'dropped'} if it was live, {'none'} if there was none. */
export const dropScript = lua(`
local id = ARGV[5]
local live = redis.call('HEXISTS', CREATED, id) == 1 and alive(id)
drop(id)
if live then return {'dropped'} end
return {'none'}`);
