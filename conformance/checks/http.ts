import type { Exchange } from '../http/exchange.ts';
import { isJsonMediaType, mediaType } from '../http/syntax.ts';
import { quoted } from '../output/text.ts';
import { specStatesJsonBody } from '../rules/answers.ts';
import { Failure, responseOf, Skip, show, verdict } from '../rules/outcome.ts';
import { errorBodyProblems, header, jsonBody } from '../rules/verdicts.ts';
import { cancelPending } from './cancels.ts';
import { baseline, malformedIdProbes } from './probes.ts';
import type { Check } from './registry.ts';
import { onAnswer } from './support.ts';

const UNDOCUMENTED_METHODS = ['PATCH', 'PUT', 'POST'];

export const httpChecks: Check[] = [
  {
    id: 'http.no-content',
    severity: 'should',
    title: 'The 204 carries no Content-Length and no Content-Type',
    reference: 'RFC 9110 §8.6, §15.3.5',
    run: onAnswer(cancelPending, 204, 'skip', (response, label) => {
      const sent = ['content-length', 'content-type'].filter((name) => header(response, name) !== undefined);
      const problems = sent.map(
        (name) => `${label} carries ${name}: ${quoted(header(response, name) ?? '')}`,
      );
      return verdict(problems, '204 without Content-Length or Content-Type');
    }),
    requires: ['pendingOrderId', 'apiKey'],
  },
  {
    id: 'http.allow',
    severity: 'should',
    title:
      'An undocumented method on a documented path answers 405 with Allow listing the documented methods',
    reference: 'RFC 9110 §15.5.6',
    requires: ['undocumentedMethods', 'apiKey'],
    async run(ctx) {
      // The collection path: it always exists, so a 404 cannot be blamed on an absent order.
      const path = ctx.spec.operations.find((o) => o.pathParams.length === 0)?.path;
      if (!path) throw new Skip('the spec has no path without parameters');
      const documented = ctx.spec.methodsFor(path);
      const method = UNDOCUMENTED_METHODS.find((m) => !documented.includes(m)) ?? 'PATCH';
      const exchange = await ctx.send('undocumented-method', { method, path, auth: 'valid' });
      const response = responseOf(exchange);
      if (response.status === 501) return `${show(exchange)} (method not implemented at all)`;
      if (response.status !== 405) throw new Failure(`${show(exchange)}, expected 405`);
      const allow = header(response, 'allow');
      if (allow === undefined) throw new Failure(`${show(exchange)} without Allow`);
      const allowed = allow.split(',').map((m) => m.trim().toUpperCase());
      const missing = documented.filter((m) => !allowed.includes(m));
      if (missing.length > 0)
        throw new Failure(`Allow: ${quoted(allow)} omits the documented ${missing.join(', ')}`);
      return `${show(exchange)} with Allow: ${quoted(allow)}`;
    },
  },
  {
    id: 'http.malformed-id',
    severity: 'should',
    title: 'A malformed id answers 4xx with an Error body, not 5xx',
    reference: 'RFC 9110 §15.5, §15.6; Spec: Errors',
    requires: ['apiKey'],
    async run(ctx) {
      const problems = (await malformedIdProbes(ctx)).flatMap((exchange) => {
        const response = responseOf(exchange);
        if (response.status < 400 || response.status > 499) return [`${show(exchange)}, expected 4xx`];
        return errorBodyProblems(ctx.spec, response).map((p) => `${show(exchange)}: ${p}`);
      });
      return verdict(problems, 'malformed ids answer 4xx with an Error body');
    },
  },
];

const contentType = (e: Exchange): string => quoted(String(e.response && header(e.response, 'content-type')));

export const contentTypeChecks: Check[] = [
  {
    id: 'http.media-type',
    severity: 'must',
    title: "The list's 200 and the 401 and 404 Error bodies are labelled application/json",
    reference: 'Spec: GET /store/orders, Errors (content: application/json); RFC 9110 §8.3',
    async run(ctx) {
      await baseline(ctx);
      const graded = ctx.seen().filter((e) => specStatesJsonBody(e) && (e.response?.bodyBytes ?? 0) > 0);
      if (graded.length === 0) throw new Skip('no list or Error body seen');
      const problems = graded
        .filter((e) => e.response && mediaType(header(e.response, 'content-type')) !== 'application/json')
        .map((e) => `${show(e)} is labelled ${contentType(e)}`);
      return verdict(problems, `${graded.length} bodies are labelled application/json`);
    },
  },
  {
    id: 'http.content-type',
    severity: 'should',
    title: 'Every other JSON body (the 409, the pet route) is labelled as JSON',
    reference: 'RFC 9110 §8.3',
    async run(ctx) {
      await baseline(ctx);
      const json = ctx.seen().filter((e) => e.response && !specStatesJsonBody(e) && jsonBody(e.response).ok);
      if (json.length === 0) throw new Skip('no JSON body seen');
      const problems = json
        .filter((e) => e.response && !isJsonMediaType(header(e.response, 'content-type')))
        .map((e) => `${show(e)} sends JSON as ${contentType(e)}`);
      return verdict(problems, `${json.length} JSON bodies are labelled as JSON`);
    },
  },
];
