import { authChecks, challengeChecks } from './auth.ts';
import { corsChecks } from './cors.ts';
import { errorChecks } from './errors.ts';
import { contentTypeChecks, encodingChecks, httpChecks } from './http.ts';
import { observationChecks, runInfoChecks } from './info.ts';
import { orderChecks } from './orders.ts';
import { deprecationScopeChecks, petChecks, sunsetChecks } from './pets.ts';
import { createRegistry } from './registry.ts';
import { stateChecks } from './state.ts';

/**
 * Every check, in run order. The order matters because checks share requests: the list is read before any
 * opt-in cancel, and the checks that grade every answer seen (Error bodies, challenges, content types,
 * codes, latency) run after all requests are sent.
 */
export const registry = createRegistry([
  ...authChecks,
  ...orderChecks,
  ...stateChecks,
  ...httpChecks,
  ...petChecks,
  ...sunsetChecks,
  ...corsChecks,
  ...observationChecks,
  ...errorChecks,
  ...challengeChecks,
  ...contentTypeChecks,
  ...encodingChecks,
  ...deprecationScopeChecks,
  ...runInfoChecks,
]);
