/**
 * The control planes' code that no Store API request needs: the admin API (its routes, the request-body
 * validators generated from the spec), the state document, the sessions' routes, the OAuth token endpoint, the
 * journal's exports (exchange records, HAR), the answers a `Prefer` header asks for. One module, so that a
 * bundler that splits at `import()` makes one chunk of it, loaded on first use (control-code-loader.ts), and
 * what it shares with the code that loads at once stays in one chunk beside it, not one per lazy part.
 */

export { journalExchanges, journalHar, journalHarBody } from './controls/journal-export.ts';
export {
  applyPreset,
  largeStore,
  replaceOrders,
  shipEveryPending,
} from './controls/preset-actions.ts';
export { sessionsAdminApi } from './controls/sessions-admin.ts';
export { prepareRestore, snapshotState } from './controls/snapshot.ts';
export { snapshotBody } from './controls/snapshot-body.ts';
export { preferredAnswer } from './http/preferred-answer.ts';
export { adminApi } from './routes/admin.ts';
export { tokenEndpoint } from './routes/oauth-token-endpoint.ts';
