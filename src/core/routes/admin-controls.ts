import type { RequestJournal } from '../controls/journal.ts';
import { parseJournalQuery } from '../controls/journal-query-params.ts';
import type { PassthroughControls } from '../controls/passthrough.ts';
import { applyPreset } from '../controls/preset-actions.ts';
import { describePreset, type MockPreset } from '../controls/presets.ts';
import type { TrafficControls } from '../controls/traffic.ts';
import { coreError } from '../http/errors.ts';
import { readJsonBody } from '../http/json-body.ts';
import { jsonBody, type ResponseKit } from '../http/responses.ts';
import { type Route, routeWith } from '../http/router.ts';
import { truncate } from '../http/text.ts';
import { bodyExamples, requestBodies } from './admin-bodies.generated.ts';

export interface ControlDependencies {
  readonly journal: RequestJournal;
  readonly kit: ResponseKit;
  readonly traffic: TrafficControls;
  /** The store's presets, then every extension's. */
  readonly presets: () => readonly MockPreset[];
  readonly passthrough: PassthroughControls;
}

const route = routeWith<ControlDependencies>();
const json = (kit: ResponseKit, status: number, value: unknown) => kit.json(status, jsonBody(value));

/**
 * The controls a frontend developer reaches for (spec/mock-admin.openapi.yaml): journal queries, fault
 * rules, latency, presets and what goes upstream. They change the state they are dispatched for (one
 * mock's or one session's), which its `reset()` clears.
 */
export function controlRoutes(): Route<ControlDependencies>[] {
  return [
    route('/requests', {
      GET: async (request, _params, { journal, kit }) => {
        const query = parseJournalQuery(request.query);
        return journalFormat(request.query) === 'har'
          ? kit.json(200, await journal.harBody(query))
          : json(kit, 200, journal.find(query));
      },
      DELETE: async (_request, _params, { journal, kit }) => {
        journal.clear();
        return kit.noContent;
      },
    }),
    route('/requests/count', {
      GET: async (request, _params, { journal, kit }) =>
        json(kit, 200, { count: journal.find(parseJournalQuery(request.query)).length }),
    }),
    route('/faults', {
      GET: async (_request, _params, { traffic, kit }) => json(kit, 200, traffic.faults()),
      POST: async (request, _params, { traffic, kit }) => {
        const input = readJsonBody(request, requestBodies.adminAddFault, {
          example: bodyExamples.adminAddFault,
        });
        return json(kit, 201, traffic.addFault(input));
      },
      DELETE: async (_request, _params, { traffic, kit }) => {
        traffic.clearFaults();
        return kit.noContent;
      },
    }),
    route('/faults/:id', {
      DELETE: async (_request, { id }, { traffic, kit }) => {
        if (!traffic.removeFault(id)) {
          throw coreError(
            'FAULT_NOT_FOUND',
            `There is no fault rule "${truncate(id)}"; GET /__mock/faults lists them.`,
          );
        }
        return kit.noContent;
      },
    }),
    route('/latency', {
      GET: async (_request, _params, { traffic, kit }) => json(kit, 200, traffic.latency()),
      PUT: async (request, _params, { traffic, kit }) => {
        const settings = readJsonBody(request, requestBodies.adminSetLatency, {
          example: bodyExamples.adminSetLatency,
        });
        traffic.setLatency(settings);
        return json(kit, 200, traffic.latency());
      },
    }),
    route('/passthrough', {
      GET: async (_request, _params, { passthrough, kit }) => json(kit, 200, passthrough.settings()),
      PUT: async (request, _params, { passthrough, kit }) => {
        const { operations } = readJsonBody(request, requestBodies.adminSetPassthrough, {
          example: bodyExamples.adminSetPassthrough,
        });
        return json(kit, 200, passthrough.set(operations));
      },
    }),
    route('/presets', {
      GET: async (_request, _params, { presets, kit }) => json(kit, 200, presets().map(describePreset)),
    }),
    route('/presets/:name', {
      POST: async (_request, { name }, { presets, kit }) =>
        json(kit, 200, { preset: describePreset(await applyPreset(presets(), name)) }),
    }),
    // The paths of before presets were named so (deprecated in spec/mock-admin.openapi.yaml), answering as then.
    route('/scenarios', {
      GET: async (_request, _params, { presets, kit }) => json(kit, 200, presets().map(describePreset)),
    }),
    route('/scenarios/:name', {
      POST: async (_request, { name }, { presets, kit }) =>
        json(kit, 200, { scenario: describePreset(await applyPreset(presets(), name)) }),
    }),
  ];
}

/** `?format=json` (the default: journal entries) or `?format=har` (a HAR 1.2 document of the same entries). */
function journalFormat(queryString: string): 'json' | 'har' {
  const given = /(?:^|&)format=([^&]*)/.exec(queryString)?.[1];
  if (given === undefined || given === 'json' || given === 'har') return given ?? 'json';
  throw coreError('INVALID_REQUEST', 'The query parameter "format" must be json or har.');
}
