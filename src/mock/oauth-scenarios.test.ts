import { afterAll, beforeAll, beforeEach, describe, test } from 'vitest';
import {
  OAUTH_CLIENT,
  oauthScenarios,
  SCOPED_CLIENT,
  TOKEN_TTL_MS,
} from '../test-support/oauth-scenarios.ts';
import { type Target, TEST_KEY, targetFactories } from '../test-support/targets.ts';

// The token endpoint and issued tokens behave alike through the core, the node:http server and MSW.
for (const [name, createTarget] of Object.entries(targetFactories)) {
  describe(`${name} target with OAuth clients`, () => {
    let target: Target;
    beforeAll(async () => {
      target = await createTarget({
        apiKeys: [TEST_KEY],
        oauthClients: [OAUTH_CLIENT, SCOPED_CLIENT],
        tokenTtlMs: TOKEN_TTL_MS,
      });
    });
    afterAll(() => target.close());
    beforeEach(() => target.reset());

    for (const scenario of oauthScenarios) {
      test(scenario.name, () => scenario.run(target));
    }
  });
}
