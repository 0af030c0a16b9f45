import { describe, expect, test } from 'vitest';
import { mswBundleSizes } from './bench-bundle.ts';

const root = new URL('..', import.meta.url).pathname;

describe('what an app bundles with the MSW handlers', () => {
  test('what only a control plane reaches (the admin API and its validators, the state document, the sessions routes, preset actions, journal query parameters, the clock routes, the OAuth token endpoint, the JSON body reader, saving and putting back the traffic rules, the exchange records and HAR writer of the journal, the answers a Prefer header asks for) loads on first use, not with the import', async () => {
    const [handlers] = await mswBundleSizes(root);
    const loaded = handlers?.loadedSources ?? [];
    expect(loaded).toContain('src/msw/index.ts');
    expect(loaded).toContain('src/core/routes/admin-loader.ts');
    expect(loaded).toContain('src/core/routes/oauth-token.ts');
    for (const lazy of [
      'src/core/routes/admin.ts',
      'src/core/routes/admin-bodies.generated.ts',
      'src/core/controls/snapshot.ts',
      'src/core/controls/state-text.ts',
      'src/core/orders/saved-order-text.ts',
      'src/core/control-code.ts',
      'src/core/routes/oauth-token-endpoint.ts',
      'src/core/controls/sessions-admin.ts',
      'src/core/controls/preset-actions.ts',
      'src/core/controls/journal-query-params.ts',
      'src/core/controls/clock-admin.ts',
      'src/core/http/json-body.ts',
      'src/core/controls/traffic-restore.ts',
      'src/core/controls/journal-export.ts',
      'src/core/controls/journal-exchange.ts',
      'src/exchange/har.ts',
      'src/exchange/redact.ts',
      'src/core/http/preferred-answer.ts',
    ]) {
      expect(loaded).not.toContain(lazy);
    }
    expect(handlers?.lazyGzipBytes).toBeGreaterThan(0);
  });

  test('the lazy code is one chunk: what loads with the import is the entry and at most one chunk it shares with it', async () => {
    // Each further import() target splits the shared code into more files, each gzipped without the others.
    const [handlers] = await mswBundleSizes(root);
    expect(handlers?.loadedFiles).toBeLessThanOrEqual(2);
  });
});
