import type { RequestJournal } from '../controls/journal.ts';
import { parseJournalQuery } from '../controls/journal-query.ts';
import type { MockScenario } from '../controls/scenarios.ts';
import type { TrafficControls } from '../controls/traffic.ts';
import { readJsonBody } from '../http/body.ts';
import { coreError } from '../http/errors.ts';
import { jsonBody, type ResponseKit } from '../http/responses.ts';
import { type Route, route, truncate } from '../http/router.ts';
import { bodyExamples, requestBodies } from './admin-bodies.generated.ts';

export interface ControlDependencies {
  readonly journal: RequestJournal;
  readonly kit: ResponseKit;
  readonly traffic: TrafficControls;
  /** The store's scenarios, then every extension's. */
  readonly scenarios: () => readonly MockScenario[];
}

/**
 * The controls a frontend developer reaches for (spec/mock-admin.openapi.yaml): journal queries, fault
 * rules, latency and scenarios. They change one mock's state, which its `reset()` clears.
 */
export function controlRoutes({ journal, kit, traffic, scenarios }: ControlDependencies): Route[] {
  const json = (status: number, value: unknown) => kit.json(status, jsonBody(value));
  const describe = ({ name, description }: MockScenario) => ({ name, description });

  return [
    route('/requests', {
      GET: async (request) => json(200, journal.find(parseJournalQuery(request.query))),
      DELETE: async () => {
        journal.clear();
        return kit.noContent;
      },
    }),
    route('/requests/count', {
      GET: async (request) => json(200, { count: journal.find(parseJournalQuery(request.query)).length }),
    }),
    route('/faults', {
      GET: async () => json(200, traffic.faults()),
      POST: async (request) => {
        const input = readJsonBody(request, requestBodies.adminAddFault, {
          example: bodyExamples.adminAddFault,
        });
        return json(201, traffic.addFault(input));
      },
      DELETE: async () => {
        traffic.clearFaults();
        return kit.noContent;
      },
    }),
    route('/latency', {
      GET: async () => json(200, traffic.latency()),
      PUT: async (request) => {
        const settings = readJsonBody(request, requestBodies.adminSetLatency, {
          example: bodyExamples.adminSetLatency,
        });
        traffic.setLatency(settings);
        return json(200, traffic.latency());
      },
    }),
    route('/scenarios', { GET: async () => json(200, scenarios().map(describe)) }),
    route('/scenarios/:name', {
      POST: async (_request, { name }) => {
        const scenario = scenarios().find((candidate) => candidate.name === name);
        if (!scenario) {
          const names = scenarios().map((candidate) => candidate.name);
          throw coreError(
            'NOT_FOUND',
            `There is no scenario "${truncate(name)}"; GET /__mock/scenarios lists them: ${names.join(', ')}.`,
          );
        }
        await scenario.apply();
        return json(200, { scenario: describe(scenario) });
      },
    }),
  ];
}
