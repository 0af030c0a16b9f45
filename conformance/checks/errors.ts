import { specStatesErrorBody } from '../rules/answers.ts';
import { Skip, show, verdict } from '../rules/outcome.ts';
import { errorBodyProblems } from '../rules/verdicts.ts';
import { baseline } from './probes.ts';
import type { Check } from './registry.ts';

export const errorChecks: Check[] = [
  {
    id: 'errors.body',
    severity: 'must',
    title:
      'Every 401 and 404 Error body has code, message and status of the right types, status = HTTP status',
    reference: 'Spec: Errors; spec/openapi.yaml components/schemas/Error',
    async run(ctx) {
      await baseline(ctx);
      const graded = ctx.seen().filter(specStatesErrorBody);
      if (graded.length === 0) throw new Skip('no 401 or 404 answer seen');
      const problems = graded.flatMap((exchange) =>
        exchange.response
          ? errorBodyProblems(ctx.spec, exchange.response).map((p) => `${show(exchange)}: ${p}`)
          : [],
      );
      return verdict(problems, `${graded.length} Error bodies are valid`);
    },
  },
];
