import { randomInt } from 'node:crypto';
import type { DashboardState } from '../domains/index.ts';
import { defineLua, type RedisClient, runScript } from './connection.ts';

/** The simulation's whole state as one JSON document in Redis, with a version that counts its changes. */
export interface SharedDocument {
  readonly state: DashboardState;
  readonly clock: { start: number; offset: number };
}

const loadScript = defineLua(`
local version = redis.call('GET', KEYS[2])
if not version then return {} end
if version == ARGV[1] then return {version} end
return {version, redis.call('GET', KEYS[1])}`);

/**
 * ARGV: the mode (CommitMode), the version read, the document, and the version of a new document. A
 * session's document (KEYS[3]: the session's revision, which lives as long as the session) is written only
 * while the session lives, and expires with it.
 */
const commitScript = defineLua(`
local session = KEYS[3]
if session and redis.call('EXISTS', session) == 0 then return 'dropped' end
local version = redis.call('GET', KEYS[2])
if ARGV[1] == 'cas' and version ~= ARGV[2] then return false end
if ARGV[1] == 'nx' and version then return false end
redis.call('SET', KEYS[1], ARGV[3])
if version then version = tostring(redis.call('INCR', KEYS[2])) else
  redis.call('SET', KEYS[2], ARGV[4])
  version = ARGV[4]
end
if session then
  local ttl = redis.call('PTTL', session)
  if ttl > 0 then
    redis.call('PEXPIRE', KEYS[1], ttl)
    redis.call('PEXPIRE', KEYS[2], ttl)
  end
end
return version`);

/** cas: only over the version read; nx: only when there is no document; force: always (a reset). */
export type CommitMode = 'cas' | 'nx' | 'force';

/** The document of a session: written only while `aliveKey` exists; `dropped()` is the error otherwise. */
export interface SessionDocument {
  readonly aliveKey: string;
  dropped(): Error;
}

/** The document's keys under a prefix and the two operations on them, each one atomic script. */
export function dashboardDocument(client: RedisClient, prefix: string, session?: SessionDocument) {
  const keys = [`${prefix}:dashboard`, `${prefix}:dashboard:version`];
  const commitKeys = session ? [...keys, session.aliveKey] : keys;
  return {
    /** The version, and the text unless `knownVersion` is still current; undefined when there is none. */
    async load(knownVersion: string): Promise<{ version: string; text?: string } | undefined> {
      const [version, text] = (await runScript(client, loadScript, keys, [knownVersion])) as string[];
      if (version === undefined) return undefined;
      return text === undefined ? { version } : { version, text };
    },
    /** The new version, or undefined when the mode's condition failed (another replica wrote first). */
    async commit(mode: CommitMode, versionRead: string, text: string): Promise<string | undefined> {
      // A new document's version starts at random, so no replica's cache can mistake it for an old one.
      const first = String(randomInt(2 ** 47));
      const version = await runScript(client, commitScript, commitKeys, [mode, versionRead, text, first]);
      if (version === 'dropped') throw session?.dropped();
      return (version as string | null) ?? undefined;
    },
  };
}
