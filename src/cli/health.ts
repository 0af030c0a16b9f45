import { request } from 'node:http';
import { parseArgs } from 'node:util';
import { findConfigFile } from '../config/file.ts';
import { resolveSettings } from '../config/resolve.ts';
import { quote } from '../core/http/text.ts';
import { HEALTH_PATH } from '../mock/health.ts';
import { UsageError } from './checks.ts';
import type { Io } from './io.ts';
import { MOCK_CLI } from './option-definition.ts';
import type { Environment } from './options.ts';
import { oneLine } from './text.ts';

export const HEALTH_USAGE = `Usage: petstore-mock health [--url URL] [--config PATH]

Asks a running mock's ${HEALTH_PATH} and exits 0 when it is ready, 1 when it is not or does not answer within
1.5 s: a container's HEALTHCHECK without curl.

Options:
  --url URL      the mock's address, e.g. http://127.0.0.1:4010 (a path such as /v1 is ignored); default:
                 http://HOST:PORT, the port and host read as the mock reads them (flags aside): PORT, HOST,
                 then the config file
  --config PATH  the config file the mock was started with (default: petstore-mock.config.json or .yaml here)
  -h, --help     show this help`;

/** How long the answer may take: with Node's start, the command ends within 2 s. */
const TIMEOUT_MS = 1500;

/** `petstore-mock health`: 0 ready, 1 not ready or no answer, 2 a bad option. */
export async function health(argv: readonly string[], env: Environment, io: Io): Promise<number> {
  const target = await healthUrl(argv, env, io.cwd ?? process.cwd());
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

async function healthUrl(argv: readonly string[], env: Environment, cwd: string): Promise<URL | undefined> {
  let values: { url?: string | undefined; config?: string | undefined; help?: boolean | undefined };
  try {
    values = parseArgs({
      args: [...argv],
      options: { url: { type: 'string' }, config: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    }).values;
  } catch (error) {
    throw new UsageError(`${oneLine((error as Error).message)} (see petstore-mock health --help)`);
  }
  if (values.help) return undefined;
  const given = values.url ?? (await defaultUrl(argv, env, cwd));
  let url: URL;
  try {
    url = new URL(given);
  } catch {
    throw new UsageError(`--url must be an http:// URL such as http://127.0.0.1:4010, not ${quote(given)}.`);
  }
  if (url.protocol !== 'http:') throw new UsageError(`--url must be http://, not ${quote(given)}.`);
  return new URL(HEALTH_PATH, url.origin);
}

/** Where the mock started with the same environment and config file listens; a wildcard bind is asked on loopback. */
async function defaultUrl(argv: readonly string[], env: Environment, cwd: string): Promise<string> {
  const file = await findConfigFile(argv, env, cwd);
  const { host, port } = resolveSettings(MOCK_CLI, {}, env, file, ['host', 'port']).values;
  const reachable = ['0.0.0.0', '::', '[::]'].includes(host) ? '127.0.0.1' : host;
  const literal = reachable.includes(':') && !reachable.startsWith('[') ? `[${reachable}]` : reachable;
  return `http://${literal}:${port}`;
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
