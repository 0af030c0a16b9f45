import { afterAll, beforeAll, beforeEach, describe, test } from 'vitest';
import { scenarios } from '../test-support/scenarios.ts';
import { type Target, TEST_KEY, targetFactories } from '../test-support/targets.ts';

// One scenario list, three ways in: the core, the node:http server and the MSW handlers behave alike.
for (const [name, createTarget] of Object.entries(targetFactories)) {
  describe(`${name} target`, () => {
    let target: Target;
    beforeAll(async () => {
      target = await createTarget({ apiKeys: [TEST_KEY] });
    });
    afterAll(() => target.close());
    beforeEach(() => target.reset());

    for (const scenario of scenarios) {
      test(scenario.name, () => scenario.run(target));
    }
  });
}
