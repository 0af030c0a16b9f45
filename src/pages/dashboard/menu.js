// @ts-check
import { h } from './dom.js';

/** @typedef {import('./api.js').Domain} Domain */
/** @typedef {import('./api.js').DomainsConfig} DomainsConfig */
/** @typedef {import('./domains-view.js').DomainActions} DomainActions */

/**
 * The menu next to a domain: a button that opens a list of actions (WAI-ARIA menu button pattern).
 *
 * @param {Domain} domain
 * @param {string} id
 * @param {boolean} open
 * @param {boolean} isPrimary
 * @param {DomainsConfig} config
 * @param {DomainActions} actions
 */
export function renderMenu(domain, id, open, isPrimary, config, actions) {
  const items = [
    h('button', { role: 'menuitem', type: 'button', onclick: () => actions.reverify(domain) }, 'Re-verify'),
    !isPrimary &&
      h(
        'button',
        { role: 'menuitem', type: 'button', onclick: () => actions.makePrimary(domain) },
        'Set as primary',
      ),
    !isPrimary &&
      config.primary &&
      !config.redirects.some((r) => r.from === domain.name) &&
      h(
        'button',
        { role: 'menuitem', type: 'button', onclick: () => actions.redirectToPrimary(domain) },
        `Redirect to ${config.primary}`,
      ),
    h(
      'button',
      { role: 'menuitem', type: 'button', class: 'danger', onclick: () => actions.remove(domain) },
      'Remove',
    ),
  ].filter((item) => item !== false && item !== null);
  const menu = h(
    'div',
    { role: 'menu', id: `${id}-menu`, class: 'menu', 'aria-labelledby': `${id}-menu-button`, hidden: !open },
    items,
  );
  menu.addEventListener('keydown', (event) => menuKeys(event, menu, actions));
  const button = h(
    'button',
    {
      type: 'button',
      id: `${id}-menu-button`,
      class: 'menu-button',
      'data-key': `${domain.name}:menu`,
      'aria-haspopup': 'menu',
      'aria-expanded': String(open),
      'aria-controls': `${id}-menu`,
      'aria-label': `More actions for ${domain.unicodeName}`,
      onclick: () => actions.toggleMenu(open ? null : domain.name),
      onkeydown: (/** @type {KeyboardEvent} */ event) => {
        if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
          event.preventDefault();
          actions.toggleMenu(domain.name);
        }
      },
    },
    h('span', { 'aria-hidden': 'true' }, '⋯'),
  );
  return h('div', { class: 'menu-wrap' }, button, menu);
}

/**
 * Arrow keys move between items, Home/End jump, Escape and Tab close the menu.
 *
 * @param {KeyboardEvent} event
 * @param {HTMLElement} menu
 * @param {DomainActions} actions
 */
function menuKeys(event, menu, actions) {
  const items = /** @type {HTMLButtonElement[]} */ ([...menu.querySelectorAll('[role="menuitem"]')]);
  const index = items.indexOf(/** @type {HTMLButtonElement} */ (document.activeElement));
  const focus = (/** @type {number} */ i) => items[(i + items.length) % items.length]?.focus();
  if (event.key === 'ArrowDown') focus(index + 1);
  else if (event.key === 'ArrowUp') focus(index - 1);
  else if (event.key === 'Home') focus(0);
  else if (event.key === 'End') focus(items.length - 1);
  else if (event.key === 'Escape' || event.key === 'Tab') {
    actions.toggleMenu(null);
    if (event.key === 'Tab') return;
    menu.parentElement?.querySelector('button')?.focus();
  } else return;
  event.preventDefault();
}
