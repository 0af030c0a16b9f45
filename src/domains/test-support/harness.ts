import { createClock } from '../../core/controls/clock.ts';
import { ApiError, errorBody } from '../../core/http/errors.ts';
import type { MockResponse } from '../../core/types.ts';
import { createDomainsDashboard, type DomainsDashboardOptions } from '../extension.ts';

/** Test support: a dashboard on a manual clock, and a one-line way to call it as the core would. */

export const start = Date.parse('2026-06-01T12:00:00.000Z');

export interface Answer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  // biome-ignore lint/suspicious/noExplicitAny: tests read JSON bodies freely
  readonly body: any;
}

export function testDashboard(options: DomainsDashboardOptions = {}) {
  const extension = createDomainsDashboard({ clock: createClock('manual', start), ...options });
  const dashboard = extension.simulation;

  async function call(method: string, target: string, body?: unknown, headers: Record<string, string> = {}) {
    const [path = '', query = ''] = target.split('?');
    const answer = await extension.handle({
      method,
      path,
      query,
      headers: { host: 'localhost:4010', ...headers },
      body: body === undefined || typeof body === 'string' ? body : JSON.stringify(body),
    });
    return answer === undefined ? undefined : parse(answer);
  }

  /** Like `call`, for routes that always answer; an ApiError becomes its Error body as the core renders it. */
  async function api(method: string, path: string, body?: unknown): Promise<Answer> {
    try {
      const answer = await call(method, path, body);
      if (answer === undefined) throw new Error(`${method} ${path} was passed on`);
      return answer;
    } catch (error) {
      return asAnswer(error);
    }
  }

  async function advance(by: string): Promise<void> {
    await api('POST', '/__mock/dashboard/clock/advance', { by });
  }

  return { extension, dashboard, call, api, advance };
}

/** An ApiError as the core's boundary renders it (with the core's one renderer). */
export function asAnswer(error: unknown): Answer {
  if (!(error instanceof ApiError)) throw error;
  return { status: error.status, headers: error.headers, body: JSON.parse(errorBody(error).text) };
}

function parse(response: MockResponse): Answer {
  const text = response.body?.text;
  return {
    status: response.status,
    headers: response.headers,
    body: text === undefined ? undefined : JSON.parse(text),
  };
}

export const domainsOf = (project: string) => `/__dashboard/api/projects/${project}/domains`;
export const recordsOf = (zone: string) => `/__dashboard/api/dns/zones/${zone}/records`;
