import { setupWorker } from 'msw/browser';
import { createHandlers } from '../index.ts';

/**
 * An app page as a team writes one: the API is mocked at a same-origin, relative base URL (`/v1`, as behind
 * a dev proxy), and the app loads a code-split chunk. The test reads `window.result`.
 */
const { handlers } = createHandlers({ baseUrl: '/v1', apiKeys: ['browser-key'] });
await setupWorker(...handlers).start({ quiet: true, onUnhandledRequest: 'bypass' });

const lazy = await import('./browser-lazy.ts');
const orders = await fetch('/v1/store/orders', { headers: { authorization: 'Bearer browser-key' } });
const unknown = await fetch('/totally/unknown');
Object.assign(window, {
  result: {
    lazy: lazy.greeting,
    ordersStatus: orders.status,
    orders: ((await orders.json()) as unknown[]).length,
    unknownStatus: unknown.status,
    unknownBody: await unknown.text(),
  },
});
