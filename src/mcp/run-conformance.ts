import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import {
  type CheckResult,
  type ConformanceOptions,
  runConformance,
  type Summary,
} from '../../conformance/index.ts';
import { sessionInput } from './admin-tools.ts';
import { errorResult, jsonResult } from './results.ts';
import { type MockTarget, storeBaseUrl } from './target.ts';

/** A failure's exchanges are summed up in a result; bodies cut to this many characters. */
const MAX_BODY_CHARS = 500;
const orderId = z
  .string()
  .regex(/^\d{1,19}$/, 'a decimal order id')
  .optional();

/**
 * `run_conformance`: the conformance suite's fixed checks, in safe mode, against the mock or another base URL.
 * Safe mode changes no order. Orders to cancel can be named only for a loopback URL (the mock on this machine),
 * and the key goes to the mock only: against any other URL the run sends none, so an agent cannot hand a key
 * to a server it picked.
 */
export function registerRunConformance(server: McpServer, target: MockTarget): void {
  server.registerTool(
    'run_conformance',
    {
      title: 'Grade a deployment against the spec',
      description: `Runs the conformance suite (petstore-conformance) in its safe mode against a Store API base URL, by default the mock's (${storeBaseUrl(target)}), and returns the summary (exitCode 0 = passed), the failures with their requests and answers, and why checks were skipped. The mock's key is sent to the mock only; another URL is graded without a key. pendingOrderId and shippedOrderId (orders the run may cancel) are accepted for a loopback URL only.`,
      inputSchema: {
        baseUrl: z.string().max(2048).optional().describe("Base URL including /v1; default: the mock's."),
        only: z.array(z.string().max(100)).max(100).optional().describe('Run only these check ids.'),
        skip: z.array(z.string().max(100)).max(100).optional().describe('Skip these check ids.'),
        strict: z.boolean().optional().describe('Should failures fail the run too.'),
        pendingOrderId: orderId.describe('Loopback URL only: a pending order the run cancels (204 check).'),
        shippedOrderId: orderId.describe(
          'Loopback URL only: a shipped order the run tries to cancel (409 check).',
        ),
        maxTimeSeconds: z
          .number()
          .positive()
          .max(600)
          .optional()
          .describe('Budget of the run (default 300).'),
        session: sessionInput(),
      },
      annotations: { title: 'Grade a deployment against the spec', openWorldHint: true },
    },
    async (args, extra) => {
      const baseUrl = args.baseUrl ?? storeBaseUrl(target);
      let url: URL;
      try {
        url = new URL(baseUrl);
      } catch {
        return errorResult('baseUrl is not a URL; give the base URL including /v1.');
      }
      const writes = args.pendingOrderId !== undefined || args.shippedOrderId !== undefined;
      if (writes && !isLoopback(url.hostname)) {
        return errorResult(
          `Refused: order ids (state-changing checks) are accepted for a loopback URL only, not ${url.origin}. Run petstore-conformance yourself to cancel orders elsewhere.`,
        );
      }
      const ownMock = url.origin === target.origin;
      const options: ConformanceOptions = {
        baseUrl,
        ...(ownMock ? { apiKey: target.apiKey } : {}),
        ...(writes ? { pendingOrderId: args.pendingOrderId, shippedOrderId: args.shippedOrderId } : {}),
        // Never on unless orders were named for a loopback URL: it sends an undocumented method with a key.
        undocumentedMethods: writes,
        headers: args.session === undefined ? {} : { 'x-mock-session': args.session },
        only: args.only,
        skip: args.skip,
        strict: args.strict,
        maxTimeSeconds: args.maxTimeSeconds,
      };
      const token = extra._meta?.progressToken;
      const results: CheckResult[] = [];
      let summary: Summary | undefined;
      try {
        for await (const event of runConformance(options)) {
          if (event.type === 'check') {
            results.push(event.result);
            if (token !== undefined) {
              await extra.sendNotification({
                method: 'notifications/progress',
                params: {
                  progressToken: token,
                  progress: event.index + 1,
                  total: event.total,
                  message: event.result.id,
                },
              });
            }
          } else if (event.type === 'finished') summary = event.summary;
        }
      } catch (error) {
        return errorResult(`The run could not start: ${(error as Error).message}`);
      }
      return jsonResult({
        baseUrl: url.href.replace(/\/$/, ''),
        apiKey: ownMock ? "sent (the mock's key, redacted in the report)" : 'not sent',
        safe: !writes,
        summary,
        failures: results.filter((r) => r.status === 'failed').map(failureOf),
        skipped: results
          .filter((r) => r.status === 'skipped')
          .map(({ id, message }) => ({ id, reason: message })),
      });
    },
  );
}

/** A failed check as an agent reads it: what was expected, what was sent and what came back. */
function failureOf(result: CheckResult) {
  return {
    id: result.id,
    severity: result.severity,
    title: result.title,
    reference: result.reference,
    message: result.message,
    exchanges: result.exchanges.map(({ request, response, error }) => ({
      request: `${request.method} ${request.url}`,
      ...(response
        ? {
            status: response.status,
            body:
              response.body.length > MAX_BODY_CHARS
                ? `${response.body.slice(0, MAX_BODY_CHARS)}…`
                : response.body,
          }
        : { error }),
    })),
  };
}

/** `localhost` or a loopback address (127.0.0.0/8, ::1, their IPv4-mapped forms): this machine. */
export function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost') return true;
  return ipaddr.isValid(host) && ipaddr.process(host).range() === 'loopback';
}
