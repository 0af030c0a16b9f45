import { createHash } from 'node:crypto';
import { createClient, ErrorReply } from '@redis/client';
import { type ApiError, coreError } from '../core/http/errors.ts';
import { printableStoreUrl } from './settings.ts';

export type RedisClient = ReturnType<typeof newClient>;

/** Within this a command answers or fails, so a lost Redis is a 503 within 2 s, never a hang. */
export const COMMAND_TIMEOUT_MS = 1500;

/** Redis could not be reached when the mock started: the CLI prints the message and exits 2. */
export class StoreUnreachableError extends Error {}

/**
 * Connects to Redis at `url`. Fails at once when Redis cannot be reached now; once connected, a lost
 * connection is retried for ever in the background while commands fail fast (no offline queue), so the
 * mock answers 503 while Redis is away and normal answers again once it is back, without a restart.
 */
export async function connectRedis(url: string): Promise<RedisClient> {
  let ready = false;
  const client = newClient(url, (cause) =>
    ready ? undefined : new StoreUnreachableError(unreachable(url, cause)),
  );
  // Failures reach the callers of commands as 503s; the client's own error events only repeat them.
  client.on('error', () => {});
  client.on('ready', () => {
    ready = true;
  });
  try {
    await client.connect();
  } catch (error) {
    throw error instanceof StoreUnreachableError ? error : new StoreUnreachableError(unreachable(url, error));
  }
  return client;
}

function unreachable(url: string, cause: unknown): string {
  // node-redis hands the strategy's own refusal back to it, and may wrap it: it is said once.
  for (
    let inner = cause;
    inner instanceof Error;
    inner = (inner as { originalError?: unknown }).originalError
  ) {
    if (inner instanceof StoreUnreachableError) return inner.message;
  }
  const why = cause instanceof Error && cause.message ? cause.message : String(cause);
  return `cannot reach Redis at ${printableStoreUrl(url)} (${why}); start it or fix --store.`;
}

/** Runs a script by its SHA-1, sending its source once when Redis does not know it (after a restart). */
export async function runScript(
  client: RedisClient,
  script: LuaScript,
  keys: string[],
  args: string[],
): Promise<unknown> {
  try {
    return await storeCall(() => client.evalSha(script.sha, { keys, arguments: args }));
  } catch (error) {
    if (!(error instanceof ErrorReply) || !error.message.startsWith('NOSCRIPT')) throw error;
    return storeCall(() => client.eval(script.source, { keys, arguments: args }));
  }
}

/**
 * Runs one call to Redis within COMMAND_TIMEOUT_MS. Losing Redis (closed, reconnecting, hung, still loading)
 * becomes the 503 STORE_UNAVAILABLE Error body; a reply error is a bug and stays an error (a 500 and a log
 * line). node-redis's own timeout stops counting once a command is written, so a hung server needs this one.
 */
export async function storeCall<T>(call: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const pending = call();
  // A call given up on may still fail later; that is no longer anybody's business.
  pending.catch(() => {});
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(storeUnavailable()), COMMAND_TIMEOUT_MS);
  });
  try {
    return await Promise.race([pending, deadline]);
  } catch (error) {
    if (error instanceof ErrorReply && !/^(LOADING|BUSY|MASTERDOWN|TRYAGAIN)/.test(error.message))
      throw error;
    throw storeUnavailable();
  } finally {
    clearTimeout(timer);
  }
}

export function storeUnavailable(): ApiError {
  return coreError(
    'STORE_UNAVAILABLE',
    'The shared store (Redis) is not reachable right now; the mock answers again once it is back.',
  );
}

/** `refuse(cause)` answers an Error to give up reconnecting (before the first connection), else undefined. */
function newClient(url: string, refuse: (cause: Error) => Error | undefined) {
  return createClient({
    url,
    disableOfflineQueue: true,
    // node-redis's own timeout (5 s by default) stops counting once a command is written, and costs an
    // AbortSignal with a timer per command; storeCall's deadline covers the whole call, writing included.
    commandOptions: { timeout: 0 },
    // While Redis hangs, calls given up on wait here for their replies; a full queue fails at once.
    commandsQueueMaxLength: 10_000,
    socket: {
      connectTimeout: 2000,
      reconnectStrategy: (retries, cause) => refuse(cause) ?? Math.min(50 * 2 ** retries, 1000),
    },
  });
}

/** A Lua script and its SHA-1, for EVALSHA with a fallback to EVAL after Redis lost its script cache. */
export interface LuaScript {
  readonly source: string;
  readonly sha: string;
}

export function defineLua(source: string): LuaScript {
  return { source, sha: createHash('sha1').update(source).digest('hex') };
}
