import { request } from 'node:http';
import { parseArgs } from 'node:util';
import { quote } from '../core/http/text.ts';
import { HEALTH_PATH } from '../mock/health.ts';
import { UsageError } from './checks.ts';
import type { Io } from './io.ts';
import type { Environment } from './options.ts';
import { oneLine } from './text.ts';

export const HEALTH_USAGE = `Usage: petstore-mock health [--url URL]

Asks a running mock's ${HEALTH_PATH} and exits 0 when it is ready, 1 when it is not or does not answer within
1.5 s: a container's HEALTHCHECK without curl.

Options:
  --url URL    the mock's address, e.g. http://127.0.0.1:4010 (a path such as /v1 is ignored); default:
               http://127.0.0.1:PORT, PORT and HOST read as the mock reads them
  -h, --help   show this help`;

/** How long the answer may take: with Node's start, the command ends within 2 s. */
const TIMEOUT_MS = 1500;

/** `petstore-mock health`: 0 ready, 1 not ready or no answer, 2 a bad option. */
export async function health(argv: readonly string[], env: Environment, io: Io): Promise<number> {
  const target = healthUrl(argv, env);
  if (target === undefined) {
    io.stdout(`${HEALTH_USAGE}\n`);
    return 0;
  }
  try {
    const { status, body } = await get(target);
    const answer = parseAnswer(body);
    if (status === 200 && answer?.ready === true) {
      io.stdout(`ready: petstore-mock ${answer.version ?? ''} at ${target.origin}\n`);
      return 0;
    }
    io.stderr(
      `not ready: ${target.origin} answered ${status}${answer?.reason ? ` (${answer.reason})` : ''}\n`,
    );
  } catch (error) {
    io.stderr(`not ready: no answer from ${target.origin} (${oneLine((error as Error).message)})\n`);
  }
  return 1;
}

function healthUrl(argv: readonly string[], env: Environment): URL | undefined {
  let values: { url?: string | undefined; help?: boolean | undefined };
  try {
    values = parseArgs({
      args: [...argv],
      options: { url: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    }).values;
  } catch (error) {
    throw new UsageError(`${oneLine((error as Error).message)} (see petstore-mock health --help)`);
  }
  if (values.help) return undefined;
  const given = values.url ?? defaultUrl(env);
  let url: URL;
  try {
    url = new URL(given);
  } catch {
    throw new UsageError(`--url must be an http:// URL such as http://127.0.0.1:4010, not ${quote(given)}.`);
  }
  if (url.protocol !== 'http:') throw new UsageError(`--url must be http://, not ${quote(given)}.`);
  return new URL(HEALTH_PATH, url.origin);
}

/** Where the mock started with the same environment listens; a wildcard bind is asked on loopback. */
function defaultUrl(env: Environment): string {
  const host = env.HOST || '127.0.0.1';
  const reachable = ['0.0.0.0', '::', '[::]'].includes(host) ? '127.0.0.1' : host;
  const literal = reachable.includes(':') && !reachable.startsWith('[') ? `[${reachable}]` : reachable;
  return `http://${literal}:${env.PORT || '4010'}`;
}

function get(url: URL): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const sent = request(url, { headers: { accept: 'application/json' } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        if (body.length < 4096) body += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      response.on('error', reject);
    });
    const timer = setTimeout(() => sent.destroy(new Error(`no answer within ${TIMEOUT_MS} ms`)), TIMEOUT_MS);
    sent.on('close', () => clearTimeout(timer));
    sent.on('error', reject);
    sent.end();
  });
}

function parseAnswer(body: string): { ready?: unknown; reason?: string; version?: string } | undefined {
  try {
    const value = JSON.parse(body) as unknown;
    return typeof value === 'object' && value !== null ? value : undefined;
  } catch {
    return undefined;
  }
}
