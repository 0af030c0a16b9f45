// @ts-check
/** The DOM helpers both pages use: element creation, lookups that fail loudly, the mock's time, announcements. */

/** @typedef {Node | string | number | null | undefined | false | ChildList} Child */
/** @typedef {ReadonlyArray<Child>} ChildList */
/** @typedef {string | number | boolean | null | undefined | ((event: any) => void)} PropValue */

/**
 * Creates an element. `on*` props add listeners, `class` sets the class, booleans set or skip an attribute,
 * `value` and `checked` set the property; children may be nested lists, and null, undefined or false are
 * skipped.
 *
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Record<string, PropValue>} [props]
 * @param {...Child} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function h(tag, props = {}, ...children) {
  const element = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue;
    if (typeof value === 'function') element.addEventListener(key.slice(2).toLowerCase(), value);
    else if (key === 'class') element.className = String(value);
    else if (key === 'value')
      /** @type {HTMLInputElement} */ (/** @type {unknown} */ (element)).value = String(value);
    else if (key === 'checked')
      /** @type {HTMLInputElement} */ (/** @type {unknown} */ (element)).checked = true;
    else element.setAttribute(key, value === true ? '' : String(value));
  }
  appendChildren(element, children);
  return element;
}

/** Appends `children` as `h` does. @param {Node} parent @param {ReadonlyArray<Child>} children */
export function appendChildren(parent, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) appendChildren(parent, child);
    else
      parent.appendChild(
        typeof child === 'object' ? /** @type {Node} */ (child) : document.createTextNode(String(child)),
      );
  }
}

/**
 * The element with this id, checked to be of the expected kind.
 *
 * @template {HTMLElement} T
 * @param {string} id
 * @param {new () => T} kind
 * @returns {T}
 */
export function byId(id, kind) {
  const element = document.getElementById(id);
  if (!(element instanceof kind)) throw new Error(`#${id} is missing or not a ${kind.name}.`);
  return element;
}

/**
 * `2026-07-01 14:05:09 UTC`: a page shows the mock's clock, which may be days or years from the browser's,
 * so a time always comes with its date.
 *
 * @param {string} iso
 */
export const clockTime = (iso) => `${new Date(iso).toISOString().slice(0, 19).replace('T', ' ')} UTC`;

/** @type {{ polite: string[], assertive: string[] }} */
const pending = { polite: [], assertive: [] };

/**
 * Says something to screen-reader users through the page's live regions (`#announcer`, `#alerter`): polite
 * for status changes, assertive for refusals. Messages said within the same moment (an action and the
 * changes it caused) are read as one. Each is added as a new line (the last few are kept), so a repeated
 * message is read again and none replaces another before it is read.
 *
 * @param {string} message
 * @param {'polite' | 'assertive'} [politeness]
 */
export function announce(message, politeness = 'polite') {
  const queue = pending[politeness];
  queue.push(message);
  if (queue.length > 1) return;
  window.setTimeout(() => {
    const region = byId(politeness === 'polite' ? 'announcer' : 'alerter', HTMLElement);
    region.appendChild(h('p', {}, queue.join(' ')));
    queue.length = 0;
    while (region.childElementCount > 5) region.firstElementChild?.remove();
  }, 100);
}
