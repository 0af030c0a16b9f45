// @ts-check
import { api } from './api.js';
import { announce, byId, clockTime, h } from './shared/dom.js';
import { run, snapshot } from './state.js';

/** The Simulation panel: the mock's clock and the mock controls (plan, deploys, presets, reset). */

const STEPS = [
  ['1m', '+1 min'],
  ['5m', '+5 min'],
  ['30m', '+30 min'],
  ['1h', '+1 h'],
  ['1d', '+1 day'],
];

/**
 * The mock's clock and, when it is manual (time moves only when told), the buttons that move it.
 *
 * @param {() => Promise<void>} refresh
 */
export function renderClock(refresh) {
  const container = byId('clock', HTMLElement);
  const clock = snapshot().clock;
  // Without the mock's controls (--no-admin) the panel says so rather than vanishing without a word.
  byId('sim-controls', HTMLElement).hidden = !clock;
  byId('sim-off', HTMLElement).hidden = Boolean(clock);
  if (!clock) return;
  const manual = clock.mode === 'manual';
  const moved =
    clock.offset && clock.offset !== '0s' && clock.offset !== '0ms' ? `, moved on by ${clock.offset}` : '';
  const time = h(
    'p',
    { class: 'clock-time', 'data-mode': clock.mode },
    h('strong', {}, manual ? 'Manual clock: ' : 'Clock: '),
    h('time', { datetime: clock.now }, clockTime(clock.now)),
    manual ? `${moved}. Time moves only when you advance it.` : ` (real time${moved}).`,
  );
  if (!manual) {
    if (!container.querySelector('form')) container.replaceChildren(time);
    else container.firstElementChild?.replaceWith(time);
    return;
  }
  const existing = container.querySelector('form');
  if (existing) {
    container.firstElementChild?.replaceWith(time);
    return;
  }
  const error = h('p', { class: 'error', role: 'alert' });
  /** @param {string} by */
  const advance = async (by) => {
    const moved = await run(() => api.advanceClock(by), error);
    if (!moved) return;
    announce(`Clock advanced by ${by}; it is now ${clockTime(moved.value.now)}.`);
    await refresh();
  };
  const custom = h('input', {
    id: 'clock-by',
    type: 'text',
    value: '2m',
    size: 6,
    'aria-describedby': 'clock-by-help',
  });
  const form = h(
    'form',
    {
      class: 'inline-form',
      'aria-label': 'Advance the clock',
      onsubmit: (/** @type {SubmitEvent} */ event) => {
        event.preventDefault();
        void advance(custom.value.trim());
      },
    },
    h(
      'div',
      { class: 'row', role: 'group', 'aria-label': 'Advance the clock by' },
      STEPS.map(([by, label]) =>
        h(
          'button',
          {
            type: 'button',
            'aria-label': `Advance the clock by ${by}`,
            onclick: () => void advance(by ?? ''),
          },
          label,
        ),
      ),
    ),
    h('label', { for: 'clock-by' }, 'Advance by'),
    custom,
    h('button', { type: 'submit' }, 'Advance'),
    h('p', { id: 'clock-by-help', class: 'help' }, 'A duration such as 90s, 5m or 1h30m.'),
    error,
  );
  container.replaceChildren(time, form);
}

/**
 * The mock controls: plan, deploys, presets and reset. They change the simulation directly, standing for
 * what happens outside Project settings (billing, a deploy).
 *
 * @param {{
 *   refresh: () => Promise<void>,
 *   reloadProjects: (preferred?: string) => Promise<void>,
 *   projectId: () => string,
 * }} page
 */
export function wireSimulation({ refresh, reloadProjects, projectId }) {
  /** @type {readonly import('./api.js').Preset[]} the presets offered (this panel's own state) */
  let presets = [];
  const error = byId('sim-error', HTMLElement);
  byId('plan-form', HTMLFormElement).addEventListener('submit', async (event) => {
    event.preventDefault();
    const plan = byId('plan-select', HTMLSelectElement).value;
    const done = await run(() => api.setPlan(projectId(), plan), error);
    if (done) announce(`${done.value.name} is now on the ${plan} plan.`);
    await refresh();
  });
  for (const [id, status] of /** @type {const} */ ([
    ['deploy-ok', 'succeeded'],
    ['deploy-failed', 'failed'],
  ])) {
    byId(id, HTMLButtonElement).addEventListener('click', async () => {
      const done = await run(() => api.recordDeploy(projectId(), status), error);
      if (done)
        announce(
          `Recorded a ${status === 'succeeded' ? 'successful' : 'failed'} deploy of ${done.value.name}.`,
        );
      await refresh();
    });
  }
  const select = byId('preset-select', HTMLSelectElement);
  const help = byId('preset-help', HTMLElement);
  const describe = () => {
    const preset = presets.find((s) => s.name === select.value);
    help.textContent = preset ? `${preset.description} States: ${preset.states.join(', ')}.` : '';
  };
  select.addEventListener('change', describe);
  void api
    .listPresets()
    .then((offered) => {
      presets = offered;
      select.replaceChildren(...offered.map((s) => h('option', { value: s.name }, s.name)));
      describe();
    })
    .catch(() => {
      byId('preset-form', HTMLFormElement).hidden = true;
    });
  byId('preset-form', HTMLFormElement).addEventListener('submit', async (event) => {
    event.preventDefault();
    const loaded = await run(() => api.loadPreset(select.value), error);
    if (!loaded) return;
    const { preset, domains } = loaded.value;
    announce(`Loaded the preset ${preset.name}: ${domains.length} domain(s).`);
    await reloadProjects(domains[0]?.projectId);
  });
  byId('reset-button', HTMLButtonElement).addEventListener('click', async () => {
    const done = await run(() => api.reset(), error);
    if (done) announce('The dashboard is back to its seed: no domains, no zones.');
    await reloadProjects();
  });
}
