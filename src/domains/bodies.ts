import { readJsonBody } from '../core/http/json-body.ts';
import type { MockRequest } from '../core/types.ts';
import { type DomainErrorCode, domainError } from './errors.ts';
import type { RequestBodies } from './request-bodies.generated.ts';

/** Fields whose refused values keep the simulation's own codes (an unknown plan is INVALID_PLAN). */
const valueCodes: Readonly<Record<string, DomainErrorCode>> = {
  plan: 'INVALID_PLAN',
  propagation: 'INVALID_DURATION',
  by: 'INVALID_DURATION',
  type: 'INVALID_RECORD',
  ttl: 'INVALID_RECORD',
};

/**
 * The body of a dashboard operation, checked against spec/dashboard.openapi.yaml by the core's one reader.
 * The validators (24 KB of generated code) load with the first body read, not with the mock: every start
 * carries the simulation, few write to it.
 *
 * @example const { name } = await readBody(request, 'addDomain');
 */
export async function readBody<Id extends keyof RequestBodies>(
  request: MockRequest,
  id: Id,
): Promise<RequestBodies[Id]> {
  const { requestBodies, bodyExamples } = await import('./request-bodies.generated.ts');
  return readJsonBody<RequestBodies[Id]>(request, requestBodies[id], {
    example: bodyExamples[id],
    valueError(field, message) {
      if (/^domains\.redirects\[\d+\]\.status$/.test(field)) {
        return domainError('REDIRECT_STATUS_UNSUPPORTED', `${message} Only 301 redirects are supported.`);
      }
      const code = valueCodes[field];
      return code === undefined ? undefined : domainError(code, message);
    },
  });
}
