/** Exploration mode (`--explore`): requests generated from the spec, judged by one oracle, safe by default. */
export { EXPLORE_CHECKS } from './checks.ts';
export { type ExploreDeps, runExploration } from './explore.ts';
export { type ExploreInput, type ExploreSettings, resolveExplore } from './settings.ts';
