import type { MockPreset } from '../core/controls/presets.ts';
import { setups } from './preset-setups.ts';

/** A preset's name and the states it shows, without the code that loads it (presets.ts pairs the two). */
export interface PresetEntry {
  readonly name: string;
  readonly description: string;
  readonly states: readonly string[];
}

/** The preset that shows every state at once. */
export const EVERY_STATE = 'every-state';

/** Every preset of the simulation: one per state, after the one that shows them all. */
export const presetCatalogue: readonly PresetEntry[] = [
  {
    name: EVERY_STATE,
    description:
      'One domain of acme-shop in each state, www.example.com primary with example.com redirecting to it.',
    states: setups.map((setup) => setup.state),
  },
  ...setups.map(({ state, description }) => ({ name: state, description, states: [state] })),
];

/**
 * The presets as the mock lists them beside the store's (`GET /__mock/presets`): `domains:` names, each put in
 * force by `load`. The list needs none of the simulation's code, so a simulation that loads on first use
 * (on-first-use.ts) lists them before it loads.
 */
export function mockPresets(load: (name: string) => Promise<unknown>): MockPreset[] {
  return presetCatalogue.map(({ name, description }) => ({
    name: `domains:${name}`,
    description: `Custom domains: ${description}`,
    apply: async () => void (await load(name)),
  }));
}
