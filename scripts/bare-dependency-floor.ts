/**
 * The start-up floor of one dependency: a bare node:http server that, before it listens, does only what that
 * dependency needs for the mock's first answer on a start path, then answers every request 200. The bench
 * runs it bundled as the CLI is bundled (scripts/bench-startup-floor.ts), so it loads the same chunk or
 * package entry the CLI loads for that path, and starts it beside ours and the bare `node -e` server.
 *
 * - `none`: nothing, so the bare server itself as the CLI's kind of bundle (CommonJS files, not `node -e`);
 * - `seed`: faker's base (the entry src/seed/generate.ts imports, carried in the bundle as the CLI carries it) and
 *   drawing the seeded orders;
 * - `yaml`: js-yaml (carried in the bundle, as the CLI carries it) and parsing the config file, as src/config/file.ts
 *   does;
 * - `redis`: node-redis's client (through the mock's connection module, as the CLI loads it), connecting and
 *   one round trip (a GET under the key prefix).
 *
 * Usage: node <bundle>/bare-dependency-floor.cjs --port N --dependency none|seed|yaml|redis
 *        [--seed 42 --orders 25] [--config FILE] [--store redis://… --key-prefix P]
 */
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    dependency: { type: 'string' },
    seed: { type: 'string', default: '42' },
    orders: { type: 'string', default: '25' },
    config: { type: 'string' },
    store: { type: 'string' },
    'key-prefix': { type: 'string', default: 'bench-floor' },
  },
});

/** What each dependency does before the first answer; what it made is kept for the process's life, as the mock keeps it. */
const prepare: Record<string, () => Promise<unknown>> = {
  // Nothing: the bare server bundled as the CLI is, the default path's floor.
  none: async () => undefined,
  async seed() {
    const { generateOrders } = await import('../src/seed/generate.ts');
    return generateOrders({ seed: Number(values.seed), count: Number(values.orders) });
  },
  async yaml() {
    const text = await readFile(required(values.config, '--config'), 'utf8');
    const { load } = await import('js-yaml');
    return load(text);
  },
  async redis() {
    // The mock's own connection module: node-redis's client as the CLI's chunk carries it, with its settings.
    const { connectRedis } = await import('../src/redis/connection.ts');
    const client = await connectRedis(required(values.store, '--store'));
    return client.get(`${values['key-prefix']}:orders`);
  },
};

function required(value: string | undefined, flag: string): string {
  if (value === undefined) throw new Error(`${flag} is required for --dependency ${values.dependency}`);
  return value;
}

const step = prepare[values.dependency ?? ''];
if (!step) throw new Error(`--dependency must be one of ${Object.keys(prepare).join(', ')}`);
// Kept, as the mock keeps what it prepared; CommonJS has no top-level await, so the server starts once it is made.
export let prepared: unknown;
step().then((made) => {
  prepared = made;
  const server = createServer((_request, response) => response.end('[]'));
  server.listen(Number(values.port), '127.0.0.1', () => {
    const address = server.address();
    console.log(
      `listening on http://127.0.0.1:${typeof address === 'object' && address ? address.port : ''}`,
    );
  });
});
