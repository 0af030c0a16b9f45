import type { ExchangeResponse } from '../http/exchange.ts';
import { isJsonMediaType } from '../http/syntax.ts';
import { quoted } from '../output/text.ts';
import { rule } from '../rules/catalogue.ts';
import { allowProblems } from '../rules/header-verdicts.ts';
import { Failure, responseOf, Skip, show, verdict } from '../rules/outcome.ts';
import { header, jsonBody, labelVerdict, malformedIdProblems, noContentProblems } from '../rules/verdicts.ts';
import { cancelPending } from './cancels.ts';
import { baseline, headOfList, listOrders, malformedIdProbes } from './probes.ts';
import type { Check } from './registry.ts';
import type { CheckContext } from './session.ts';
import { onAnswer, seenAnswers } from './support.ts';

const UNDOCUMENTED_METHODS = ['PATCH', 'PUT', 'POST'];

export const httpChecks: Check[] = [
  {
    ...rule('http.no-content'),
    run: onAnswer(cancelPending, 204, 'skip', (response, label) =>
      verdict(
        noContentProblems(response).map((p) => `${label}${p}`),
        '204 without Content-Length or Content-Type',
      ),
    ),
    requires: ['pendingOrderId', 'apiKey'],
  },
  {
    ...rule('http.head'),
    requires: ['apiKey'],
    async run(ctx) {
      const get = responseOf(await listOrders(ctx));
      const exchange = await headOfList(ctx, 'valid');
      const response = responseOf(exchange);
      const problems: string[] = [];
      if (response.status !== get.status) problems.push(`${show(exchange)}, but GET answered ${get.status}`);
      if ((response.bytesAfter ?? 0) > 0)
        problems.push(`${show(exchange)} followed by ${response.bytesAfter} body byte(s) on the connection`);
      const seen = response.bytesAfter === undefined ? ' (body bytes not visible through this fetch)' : '';
      return verdict(problems, `${show(exchange)} as GET, no body${seen}`);
    },
  },
  {
    ...rule('http.allow'),
    requires: ['undocumentedMethods', 'apiKey'],
    async run(ctx) {
      // The collection path: it always exists, so a 404 cannot be blamed on an absent order.
      const path = ctx.spec.operations.find((o) => o.pathParams.length === 0)?.path;
      if (!path) throw new Skip('the spec has no path without parameters');
      const documented = ctx.spec.methodsFor(path);
      const method = UNDOCUMENTED_METHODS.find((m) => !documented.includes(m)) ?? 'PATCH';
      const exchange = await ctx.send('undocumented-method', {
        method,
        path,
        auth: 'valid',
        purpose: 'undocumented-method',
      });
      const response = responseOf(exchange);
      if (response.status === 501) return `${show(exchange)} (method not implemented at all)`;
      if (response.status !== 405) throw new Failure(`${show(exchange)}, expected 405`);
      const problems = allowProblems(response, documented).map((p) => `${show(exchange)}${p}`);
      return verdict(problems, `${show(exchange)} with Allow: ${quoted(header(response, 'allow') ?? '')}`);
    },
  },
  {
    ...rule('http.malformed-id'),
    requires: ['apiKey'],
    async run(ctx) {
      const { sent, notSent } = await malformedIdProbes(ctx);
      const problems = sent.flatMap((exchange) =>
        malformedIdProblems(ctx.spec, responseOf(exchange)).map((p) => `${show(exchange)}${p}`),
      );
      const unsent = notSent.length > 0 ? ` (${notSent.join('; ')})` : '';
      return verdict(problems, `malformed ids answer 4xx with an Error body${unsent}`);
    },
  },
];

/** The answers seen that fall under a label rule, with what is wrong with their label. */
const labelled = (ctx: CheckContext, which: 'http.media-type' | 'http.content-type') =>
  seenAnswers(ctx).flatMap(({ exchange, answer }) => {
    const found = labelVerdict(ctx.spec, answer);
    return found?.rule === which ? [found.problems.map((p) => `${show(exchange)}${p}`)] : [];
  });

/** The JSON bodies seen whose bytes were read whole, with the exchange each came from. */
const jsonBodies = (ctx: CheckContext) =>
  ctx.seen().filter(({ response }) => {
    if (!response || response.bodyBytes === 0 || response.truncated || response.interrupted) return false;
    return isJsonMediaType(header(response, 'content-type')) || jsonBody(response).ok;
  });

/** A check of every JSON body's bytes: `marked` says what is wrong with one, the pass message counts them. */
const bytesCheck = (
  id: 'http.utf8' | 'http.byte-order-mark',
  marked: (response: ExchangeResponse) => string | undefined,
  passed: string,
): Check => ({
  ...rule(id),
  async run(ctx) {
    await baseline(ctx);
    const bodies = jsonBodies(ctx);
    if (bodies.length === 0) throw new Skip('no JSON body seen');
    const problems = bodies.flatMap((exchange) => {
      const found = marked(responseOf(exchange));
      return found === undefined ? [] : [`${show(exchange)}: ${found}`];
    });
    return verdict(problems, `${bodies.length} JSON bodies ${passed}`);
  },
});

/** RFC 8259 §8.1, byte by byte: UTF-8 (must, the spec's JSON) and no byte-order mark (should). */
export const encodingChecks: Check[] = [
  bytesCheck(
    'http.utf8',
    (response) =>
      response.notUtf8
        ? `the body is not UTF-8 (labelled ${quoted(header(response, 'content-type') ?? 'nothing')})`
        : undefined,
    'are UTF-8',
  ),
  bytesCheck(
    'http.byte-order-mark',
    (response) => (response.byteOrderMark ? 'the body starts with a byte-order mark (EF BB BF)' : undefined),
    'start without a byte-order mark',
  ),
];

export const contentTypeChecks: Check[] = [
  {
    ...rule('http.media-type'),
    async run(ctx) {
      await baseline(ctx);
      const graded = labelled(ctx, 'http.media-type');
      if (graded.length === 0) throw new Skip('no list or Error body seen');
      return verdict(graded.flat(), `${graded.length} bodies are labelled application/json`);
    },
  },
  {
    ...rule('http.content-type'),
    async run(ctx) {
      await baseline(ctx);
      const graded = labelled(ctx, 'http.content-type');
      if (graded.length === 0) throw new Skip('no JSON body seen');
      return verdict(graded.flat(), `${graded.length} JSON bodies are labelled as JSON`);
    },
  },
];
