import { afterEach } from 'vitest';
import { listen } from './listen.ts';
import { startTarget, type TargetOptions } from './target.ts';

/** Servers started by a test file's tests, closed after each test. */
export function serverPool() {
  const running: Array<{ close(): Promise<void> }> = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((s) => s.close()));
  });
  return {
    /** A reference target (bent by `options`); returns its base URL with `/v1`. */
    async target(options: TargetOptions = {}): Promise<string> {
      const server = await startTarget(options);
      running.push(server);
      return server.baseUrl;
    },
    /** A reference target whose orders (with their `cancelled` flags) the test can read. */
    async stateful(options: TargetOptions = {}) {
      const server = await startTarget(options);
      running.push(server);
      return { baseUrl: server.baseUrl, orders: server.orders };
    },
    /** A raw node:http server; returns its origin. */
    async serve(handler: Parameters<typeof listen>[0]): Promise<string> {
      const server = await listen(handler);
      running.push(server);
      return server.url;
    },
  };
}
