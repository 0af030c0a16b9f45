import { defineLua, type LuaScript } from './connection.ts';
import { REGISTRY_AFTER_OWN } from './session-scripts.ts';

const lua = (body: string) => defineLua(`${PRELUDE}\n${body}`);

/**
 * Every script gets the same keys (orderKeys in order-store.ts). An order is stored as the JSON array
 * [petId, quantity, shipDate, complete, status], with the quantity as a string: cjson writes numbers with
 * 14 significant digits, so a string is the only lossless way through a decode and an encode.
 * Ids are decimal strings compared by length then digits, because Lua numbers are doubles (2^53).
 */
const PRELUDE = `
local ORDERS, IDS, MAX_ID, REVISION = KEYS[1], KEYS[2], KEYS[3], KEYS[4]
local SEED_ORDERS, SEED_IDS, SEED_MAX_ID = KEYS[5], KEYS[6], KEYS[7]
local function greater(a, b)
  if #a ~= #b then return #a > #b end
  return a > b
end
local function increment(id)
  local i, tail = #id, ''
  while i > 0 and id:sub(i, i) == '9' do tail, i = '0' .. tail, i - 1 end
  if i == 0 then return '1' .. tail end
  return id:sub(1, i - 1) .. string.char(id:byte(i) + 1) .. tail
end
local function copy(from, to)
  if redis.call('EXISTS', from) == 1 then redis.call('COPY', from, to, 'REPLACE') else redis.call('DEL', to) end
end`;

/**
 * The shared state: answers {'missing'} when it is gone (a restarted Redis): the caller reseeds and retries.
 * Its orders are always its own, so `own()` (called before the first change) has nothing to do.
 */
const SHARED_GUARD = `if redis.call('EXISTS', REVISION) == 0 then return {'missing'} end
local function own() end`;

/**
 * A session (docs/sessions.md): its revision exists while the session lives (the registry creates it), so
 * without it the session was dropped under the request ({'dropped'}). Until its first change it reads the
 * stored seed; `own()` copies the seed to its own keys (COPY, in Redis) and gives them the session's expiry.
 */
const SESSION_GUARD = `if redis.call('EXISTS', REVISION) == 0 then return {'dropped'} end
if redis.call('EXISTS', SEED_MAX_ID) == 0 then return {'missing'} end
local OWN_ORDERS, OWN_IDS, OWN_MAX_ID = ORDERS, IDS, MAX_ID
if redis.call('EXISTS', MAX_ID) == 0 then ORDERS, IDS, MAX_ID = SEED_ORDERS, SEED_IDS, SEED_MAX_ID end
local function own()
  if ORDERS == OWN_ORDERS then return end
  copy(SEED_ORDERS, OWN_ORDERS)
  copy(SEED_IDS, OWN_IDS)
  copy(SEED_MAX_ID, OWN_MAX_ID)
  ORDERS, IDS, MAX_ID = OWN_ORDERS, OWN_IDS, OWN_MAX_ID
  local ttl = redis.call('PTTL', REVISION)
  if ttl > 0 then
    for _, key in ipairs({ORDERS, IDS, MAX_ID}) do redis.call('PEXPIRE', key, ttl) end
  end
end`;

/**
 * One operation on the orders, for the shared state and for a session (same keys, same replies); `entering`
 * first uses the session in the registry (session-scripts.ts: its keys and arguments follow the operation's),
 * so that a request in a session is one round trip. It answers what `enter()` answers when that is not
 * 'live' or 'created', else the operation's reply with the session's "created incarnation" appended.
 */
export interface OrderScript {
  readonly shared: LuaScript;
  readonly session: LuaScript;
  readonly entering: LuaScript;
}

const orderScript = (body: string): OrderScript => ({
  shared: lua(`${SHARED_GUARD}\n${body}`),
  session: lua(`${SESSION_GUARD}\n${body}`),
  entering: lua(`${REGISTRY_AFTER_OWN}
local entered = enter()
if entered[1] ~= 'live' and entered[1] ~= 'created' then return entered end
local function operation()
${SESSION_GUARD}
${body}
end
local reply = operation()
reply[#reply + 1] = entered[2]
return reply`),
});

/** The revision (a session's: the shared state's is read with GET), so that the session's list is one trip. */
export const revisionScript = orderScript("return {'ok', redis.call('GET', REVISION)}");

export const getScript = orderScript(`local raw = redis.call('HGET', ORDERS, ARGV[1])
if not raw then return {'not_found'} end
return {'found', raw}`);

/** Every order in insertion order as id, record, id, record…; HMGET a thousand at a time (Lua's stack). */
export const listScript = orderScript(`local ids = redis.call('LRANGE', IDS, 0, -1)
local out = {'ok'}
for first = 1, #ids, 1000 do
  local batch = {}
  for i = first, math.min(first + 999, #ids) do batch[#batch + 1] = ids[i] end
  local raws = redis.call('HMGET', ORDERS, unpack(batch))
  for i = 1, #batch do
    out[#out + 1] = batch[i]
    out[#out + 1] = raws[i]
  end
end
return out`);

export const cancelScript = orderScript(`local raw = redis.call('HGET', ORDERS, ARGV[1])
if not raw then return {'not_found'} end
local order = cjson.decode(raw)
if order[5] == 'cancelled' then return {'not_found'} end
if order[5] == 'shipped' then return {'already_shipped', raw} end
order[5] = 'cancelled'
local updated = cjson.encode(order)
own()
redis.call('HSET', ORDERS, ARGV[1], updated)
redis.call('INCR', REVISION)
return {'cancelled', updated}`);

/** Whatever its status, the order becomes cancelled (a provider state's teardown); cancelled stays as it is. */
export const withdrawScript = orderScript(`local raw = redis.call('HGET', ORDERS, ARGV[1])
if not raw then return {'not_found'} end
local order = cjson.decode(raw)
if order[5] == 'cancelled' then return {'withdrawn', raw} end
order[5] = 'cancelled'
local updated = cjson.encode(order)
own()
redis.call('HSET', ORDERS, ARGV[1], updated)
redis.call('INCR', REVISION)
return {'withdrawn', updated}`);

export const shipScript = orderScript(`local raw = redis.call('HGET', ORDERS, ARGV[1])
if not raw then return {'not_found'} end
local order = cjson.decode(raw)
if order[5] ~= 'pending' then return {'not_pending', raw} end
order[3], order[4], order[5] = ARGV[2], true, 'shipped'
local updated = cjson.encode(order)
own()
redis.call('HSET', ORDERS, ARGV[1], updated)
redis.call('INCR', REVISION)
return {'shipped', updated}`);

/** ARGV: the id ('' for the next one) and the record. */
export const createScript = orderScript(`local max = redis.call('GET', MAX_ID) or '0'
local id = ARGV[1]
if id == '' then
  id = increment(max)
  -- Past int64 no client could name the order: take the first free id instead (the memory store's rule).
  if greater(id, '9223372036854775807') then
    local n = 1
    while redis.call('HEXISTS', ORDERS, tostring(n)) == 1 do n = n + 1 end
    id = tostring(n)
  end
end
local existing = redis.call('HGET', ORDERS, id)
if existing then return {'id_taken', id, existing} end
own()
redis.call('HSET', ORDERS, id, ARGV[2])
redis.call('RPUSH', IDS, id)
if greater(id, max) then redis.call('SET', MAX_ID, id) end
redis.call('INCR', REVISION)
return {'created', id, ARGV[2]}`);

/** The shared state copies the seed back; a session drops its copy and reads the seed again. */
export const resetScript: OrderScript = {
  ...orderScript(`redis.call('DEL', OWN_ORDERS, OWN_IDS, OWN_MAX_ID)
redis.call('INCR', REVISION)
return {'ok'}`),
  shared: lua(`${SHARED_GUARD}
copy(SEED_ORDERS, ORDERS)
copy(SEED_IDS, IDS)
copy(SEED_MAX_ID, MAX_ID)
redis.call('INCR', REVISION)
return {'ok'}`),
};

/**
 * Moves uploaded orders (KEYS[8], KEYS[9]) in place of the state's (a session's own keys, made now if need
 * be), with their largest id (ARGV[1]); the keys keep the state's lifetime (a session's expiry, or none).
 */
export const replaceScript = orderScript(`own()
local function place(from, to)
  if redis.call('EXISTS', from) == 1 then redis.call('RENAME', from, to) else redis.call('DEL', to) end
end
place(KEYS[8], ORDERS)
place(KEYS[9], IDS)
redis.call('SET', MAX_ID, ARGV[1])
local ttl = redis.call('PTTL', REVISION)
for _, key in ipairs({ORDERS, IDS, MAX_ID}) do
  if ttl > 0 then redis.call('PEXPIRE', key, ttl) elseif redis.call('EXISTS', key) == 1 then redis.call('PERSIST', key) end
end
redis.call('INCR', REVISION)
return {'ok'}`);

/**
 * Installs an uploaded seed (KEYS[8], KEYS[9]) as the seed and the live state, unless the state exists:
 * the first process to start seeds, later ones find the state and drop their upload. ARGV: the seed's
 * largest id and the first revision (random, so a cache keyed by revision never matches a reseeded state).
 */
export const installScript = lua(`
local UPLOAD_ORDERS, UPLOAD_IDS = KEYS[8], KEYS[9]
if redis.call('EXISTS', REVISION) == 1 then
  redis.call('DEL', UPLOAD_ORDERS, UPLOAD_IDS)
  return 0
end
local function move(from, to)
  if redis.call('EXISTS', from) == 1 then
    redis.call('RENAME', from, to)
    redis.call('PERSIST', to)
  else
    redis.call('DEL', to)
  end
end
move(UPLOAD_ORDERS, SEED_ORDERS)
move(UPLOAD_IDS, SEED_IDS)
redis.call('SET', SEED_MAX_ID, ARGV[1])
copy(SEED_ORDERS, ORDERS)
copy(SEED_IDS, IDS)
copy(SEED_MAX_ID, MAX_ID)
redis.call('SET', REVISION, ARGV[2])
return 1`);
