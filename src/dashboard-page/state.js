// @ts-check
import { ApiError } from './api.js';

/** @typedef {import('./types.js').Domain} Domain */
/** @typedef {import('./types.js').DomainsConfig} DomainsConfig */

/**
 * Everything the page shows, read from the API on each refresh. Reads also move the simulation forward:
 * `GET .../domains` settles verification and certificates to the mock's clock.
 */
export const state = {
  /** @type {import('./types.js').Project[]} */ projects: [],
  projectId: '',
  /** @type {import('./types.js').Project | null} */ project: null,
  /** @type {Domain[]} */ domains: [],
  /** @type {DomainsConfig} */ config: { primary: null, redirects: [] },
  /** @type {import('./types.js').Zone[]} */ zones: [],
  /** @type {import('./types.js').Clock | null} */ clock: null,
  /** @type {import('./types.js').Scenario[]} */ scenarios: [],
  /** @type {string | null} */ openMenu: null,
  /** @type {DomainsConfig | null} an unsaved edit of the configuration */ configDraft: null,
  configError: '',
  /** @type {{ zone: string, id: string } | null} the zone record being edited */ editing: null,
  /** @type {Map<string, string>} what was last announced per domain, to announce only changes */
  lastSeen: new Map(),
};

/** The mock's time (which a manual clock may have moved far from the browser's). */
export const now = () => (state.clock ? Date.parse(state.clock.now) : Date.now());

/**
 * Runs an API call; a refusal is shown in `errorElement` (a role=alert element, so it is announced).
 * Resolves to `{ value }` on success and undefined on a refusal.
 *
 * @template T
 * @param {() => Promise<T>} action
 * @param {HTMLElement} errorElement
 * @returns {Promise<{ value: T } | undefined>}
 */
export async function run(action, errorElement) {
  errorElement.textContent = '';
  try {
    return { value: await action() };
  } catch (error) {
    errorElement.textContent = describeError(error);
    return undefined;
  }
}

/** @param {unknown} error */
export function describeError(error) {
  return error instanceof ApiError
    ? `${error.message} (${error.code})`
    : `Unexpected error: ${String(error)}`;
}
