// @ts-check
import { ApiError } from './api.js';

/** @typedef {import('./api.js').Project} Project */
/** @typedef {import('./api.js').Domain} Domain */
/** @typedef {import('./api.js').DomainsConfig} DomainsConfig */
/** @typedef {import('./api.js').Zone} Zone */
/** @typedef {import('./api.js').Clock} Clock */

/**
 * What the server said at the last refresh. It has one owner: app.js's refresh replaces it whole, and nothing
 * edits it (it is frozen). What only the page knows (the open menu, an unsaved draft, the record being edited,
 * the scenarios offered) lives with the module that owns it, not here.
 *
 * @typedef {object} Snapshot
 * @property {readonly Project[]} projects
 * @property {Project | null} project the project shown
 * @property {readonly Domain[]} domains its domains, settled to the mock's clock by the read
 * @property {DomainsConfig} config
 * @property {readonly Zone[]} zones
 * @property {Clock | null} clock null when the mock controls are off (`--no-admin`)
 */

/** @type {Readonly<Snapshot>} */
let current = Object.freeze({
  projects: [],
  project: null,
  domains: [],
  config: { primary: null, redirects: [] },
  zones: [],
  clock: null,
});

/** The server's state as last read. */
export const snapshot = () => current;

/**
 * Replaces the snapshot with what the server answered (only app.js calls this).
 *
 * @param {Partial<Snapshot>} answered
 */
export function replaceSnapshot(answered) {
  current = Object.freeze({ ...current, ...answered });
}

/** The mock's time (which a manual clock may have moved far from the browser's). */
export const now = () => (current.clock ? Date.parse(current.clock.now) : Date.now());

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
