import { statesErrorBody } from '../rules/answers.ts';
import { rule } from '../rules/catalogue.ts';
import { Skip, show, verdict } from '../rules/outcome.ts';
import { errorBodyProblems } from '../rules/verdicts.ts';
import { baseline } from './probes.ts';
import type { Check } from './registry.ts';
import { seenAnswers } from './support.ts';

export const errorChecks: Check[] = [
  {
    ...rule('errors.body'),
    async run(ctx) {
      await baseline(ctx);
      const graded = seenAnswers(ctx).filter(({ answer }) => statesErrorBody(ctx.spec, answer));
      if (graded.length === 0) throw new Skip('no 401 or 404 answer seen');
      const problems = graded.flatMap(({ exchange, answer }) =>
        errorBodyProblems(ctx.spec, answer.response).map((p) => `${show(exchange)}: ${p}`),
      );
      return verdict(problems, `${graded.length} Error bodies are valid`);
    },
  },
];
