/**
 * The bench's practical limit: a bare node:http server that checks the bearer header and writes
 * precomputed bytes. It answers what the bench asks of the mock, byte for byte the same: the order list,
 * the 401, cancelling an order (204, 404, 409), the admin list and POST /__mock/reset
 * (scripts/bare-baseline.test.ts holds it to that).
 *
 * The answers are rendered once at start-up by the mock's own core, so both servers send identical
 * headers and bodies; per request this server does no more than a string compare and a write.
 *
 * Usage: node --import tsx scripts/bare-baseline.ts [--port 0] [--host 127.0.0.1] [--api-key KEY]
 *        [--seed N --orders M]
 */
import { createServer, type ServerResponse } from 'node:http';
import { parseArgs } from 'node:util';
import { createMockApi } from '../src/core/api.ts';
import type { MockResponse } from '../src/core/types.ts';
import { generateOrders } from '../src/seed/generate.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    host: { type: 'string', default: '127.0.0.1' },
    'api-key': { type: 'string', default: 'petstore-dev-key' },
    seed: { type: 'string' },
    orders: { type: 'string' },
  },
});

const generate = values.seed !== undefined || values.orders !== undefined;
const seeds = generate
  ? generateOrders({ seed: Number(values.seed ?? 7), count: Number(values.orders ?? 25) })
  : undefined;
const api = createMockApi({ apiKeys: [values['api-key']], ...(seeds ? { orders: seeds } : {}) });

interface Precomputed {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | number>>;
  readonly bytes?: Buffer;
}

async function render(method: string, path: string, authorization?: string): Promise<Precomputed> {
  const response: MockResponse = await api.handle({
    method,
    path,
    query: '',
    headers: authorization ? { authorization } : {},
  });
  if (!response.body) return { status: response.status, headers: response.headers };
  const bytes = Buffer.from(response.body.text);
  return { status: response.status, headers: { ...response.headers, 'content-length': bytes.length }, bytes };
}

const credential = `Bearer ${values['api-key']}`;
const ordersPath = '/v1/store/orders';
const list = await render('GET', ordersPath, credential);
const unauthorized = await render('GET', ordersPath);
const noContent = await render('POST', '/__mock/reset');
const adminList = await render('GET', '/__mock/orders');
const errorHeaders = (await render('DELETE', `${ordersPath}/0`, credential)).headers;

/** Pending or shipped, by id; a cancelled order leaves the map. */
const initial = new Map((await api.store.list()).map((order) => [order.id, order.status]));
let statuses = new Map(initial);

// A cancel's 204 carries the Store API's headers (CORS), which the admin reset's 204 does not: rendered by
// cancelling a pending order after `initial` was read, so that this server's own state starts uncancelled.
const pendingId = [...initial].find(([, status]) => status === 'pending')?.[0];
const cancelled =
  pendingId === undefined ? noContent : await render('DELETE', `${ordersPath}/${pendingId}`, credential);

function send(res: ServerResponse, answer: Precomputed): void {
  res.writeHead(answer.status, answer.headers).end(answer.bytes);
}

/** The cancel errors carry the id in their message, so they are the one thing written per request. */
function sendError(res: ServerResponse, status: number, code: string, message: string): void {
  const text = `{"code":"${code}","message":"${message}","status":${status}}`;
  res.writeHead(status, { ...errorHeaders, 'content-length': Buffer.byteLength(text) }).end(text);
}

const server = createServer((req, res) => {
  const url = req.url ?? '/';
  if (req.method === 'POST' && url === '/__mock/reset') {
    statuses = new Map(initial);
    return send(res, noContent);
  }
  if (req.method === 'GET' && url === '/__mock/orders') return send(res, adminList);
  if (req.headers.authorization !== credential) return send(res, unauthorized);
  if (req.method === 'GET' && url === ordersPath) return send(res, list);
  if (req.method === 'DELETE' && url.startsWith(`${ordersPath}/`)) {
    const id = url.slice(ordersPath.length + 1);
    const status = statuses.get(id);
    if (status === 'pending') {
      statuses.delete(id);
      return send(res, cancelled);
    }
    if (status === 'shipped') {
      return sendError(
        res,
        409,
        'ORDER_ALREADY_SHIPPED',
        `Order ${id} has already shipped and cannot be cancelled; shipped orders cannot be reversed.`,
      );
    }
    return sendError(res, 404, 'ORDER_NOT_FOUND', `Order ${id} does not exist.`);
  }
  sendError(res, 404, 'NOT_FOUND', 'Not served by the bare baseline.');
});

server.listen(Number(values.port), values.host, () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.stdout.write(`Bare baseline listening on http://${values.host}:${port}/v1\n`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
