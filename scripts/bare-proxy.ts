/**
 * The proxies' practical limit: a bare node:http forwarding proxy. Each request goes to the upstream as it
 * came (method, path, headers, body streamed), on kept-alive connections, and its answer comes back as it
 * came; nothing is read, checked or recorded.
 *
 * Usage: node --import tsx scripts/bare-proxy.ts --upstream http://127.0.0.1:PORT [--port 0]
 */
import { Agent, createServer, request } from 'node:http';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: { upstream: { type: 'string' }, port: { type: 'string', default: '0' } },
});
const upstream = new URL(values.upstream ?? '');
const agent = new Agent({ keepAlive: true, maxSockets: 64 });

const server = createServer((req, res) => {
  const forwarded = request(
    {
      host: upstream.hostname,
      port: upstream.port,
      method: req.method,
      path: req.url,
      headers: { ...req.headers, host: upstream.host },
      agent,
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  forwarded.once('error', () => res.destroy());
  req.pipe(forwarded);
});

server.listen(Number(values.port), '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.stdout.write(`Bare proxy listening on http://127.0.0.1:${port}\n`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
