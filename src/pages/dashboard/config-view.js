// @ts-check
import { h } from './dom.js';

/** @typedef {import('./api.js').DomainsConfig} DomainsConfig */
/** @typedef {import('./api.js').Domain} Domain */

/**
 * @typedef {object} ConfigActions
 * @property {(draft: DomainsConfig) => void} edit   keeps an unsaved draft and re-renders
 * @property {(draft: DomainsConfig) => void} save
 * @property {() => void} discard
 */

/**
 * The editor of `domains.primary` and `domains.redirects[]`. Every redirect goes to the primary with 301,
 * as the API requires; the editor offers only attached domains, and the API validates the rest.
 *
 * @param {DomainsConfig} draft what is shown (the saved configuration or the unsaved draft)
 * @param {{ domains: readonly Domain[], dirty: boolean, error: string, actions: ConfigActions }} context
 */
export function renderConfig(draft, { domains, dirty, error, actions }) {
  const names = domains.map((d) => d.name);
  const retarget = (/** @type {string | null} */ primary) => ({
    primary,
    redirects: draft.redirects.map((r) => ({ ...r, to: primary ?? r.to })),
  });
  const candidates = names.filter((name) => name !== draft.primary);
  const unusedFrom = candidates.filter((name) => !draft.redirects.some((r) => r.from === name));

  return h(
    'form',
    {
      class: 'config-form',
      novalidate: true,
      onsubmit: (/** @type {SubmitEvent} */ event) => {
        event.preventDefault();
        actions.save(draft);
      },
    },
    h('label', { for: 'primary-select' }, 'Primary domain'),
    h(
      'select',
      {
        id: 'primary-select',
        'data-key': 'config:primary',
        'aria-describedby': 'primary-help',
        onchange: (/** @type {Event} */ event) =>
          actions.edit(retarget(/** @type {HTMLSelectElement} */ (event.target).value || null)),
      },
      h('option', { value: '', selected: draft.primary === null }, 'None'),
      names.map((name) => h('option', { value: name, selected: name === draft.primary }, name)),
    ),
    h(
      'p',
      { id: 'primary-help', class: 'help' },
      names.length === 0
        ? 'Add a domain first.'
        : 'The address visitors end up on. Other domains can redirect to it.',
    ),
    h(
      'fieldset',
      {},
      h('legend', {}, 'Redirects to the primary domain'),
      draft.redirects.length === 0 && h('p', { class: 'help' }, 'No redirects.'),
      h(
        'ul',
        { class: 'redirects' },
        draft.redirects.map((redirect, index) =>
          h(
            'li',
            { class: 'redirect-row' },
            h('label', { for: `redirect-from-${index}` }, 'From'),
            h(
              'select',
              {
                id: `redirect-from-${index}`,
                'data-key': `config:from:${index}`,
                onchange: (/** @type {Event} */ event) => {
                  const from = /** @type {HTMLSelectElement} */ (event.target).value;
                  actions.edit({
                    ...draft,
                    redirects: draft.redirects.map((r, i) => (i === index ? { ...r, from } : r)),
                  });
                },
              },
              [redirect.from, ...unusedFrom.filter((n) => n !== redirect.from)].map((name) =>
                h('option', { value: name, selected: name === redirect.from }, name),
              ),
            ),
            h('span', { class: 'arrow' }, `→ ${redirect.to} (${redirect.status})`),
            h(
              'button',
              {
                type: 'button',
                class: 'link',
                'data-key': `config:remove:${index}`,
                'aria-label': `Remove the redirect from ${redirect.from}`,
                onclick: () =>
                  actions.edit({ ...draft, redirects: draft.redirects.filter((_, i) => i !== index) }),
              },
              'Remove',
            ),
          ),
        ),
      ),
      h(
        'button',
        {
          type: 'button',
          'data-key': 'config:add',
          disabled: draft.primary === null || unusedFrom.length === 0,
          onclick: () => {
            const from = unusedFrom[0];
            if (from === undefined || draft.primary === null) return;
            actions.edit({
              ...draft,
              redirects: [...draft.redirects, { from, to: draft.primary, status: 301 }],
            });
          },
        },
        'Add a redirect',
      ),
    ),
    h(
      'div',
      { class: 'row' },
      h(
        'button',
        { type: 'submit', class: 'primary', 'data-key': 'config:save', disabled: !dirty },
        'Save configuration',
      ),
      h(
        'button',
        { type: 'button', 'data-key': 'config:discard', disabled: !dirty, onclick: actions.discard },
        'Discard changes',
      ),
      dirty && h('span', { class: 'help' }, 'Unsaved changes'),
    ),
    h('p', { class: 'error', role: 'alert', id: 'config-error' }, error),
  );
}
