// @ts-check
/** Small DOM helpers: element creation, lookups that fail loudly, time formatting, announcements, copying. */

/** @typedef {Node | string | number | null | undefined | false | ChildList} Child */
/** @typedef {ReadonlyArray<Child>} ChildList */
/** @typedef {string | number | boolean | null | undefined | ((event: any) => void)} PropValue */

/**
 * Creates an element. `on*` props add listeners, `class` sets the class, booleans set or skip an attribute,
 * `value` and `checked` set the property.
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
  append(element, children);
  return element;
}

/** @param {Node} parent @param {ReadonlyArray<Child>} children */
function append(parent, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(parent, child);
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

/** A name usable in an id: `www.example.com` → `www-example-com`. @param {string} name */
export const slug = (name) => name.replace(/[^a-z0-9]+/gi, '-').toLowerCase();

/** `14:05:09 UTC`: the page shows the mock's clock, which may be far from the browser's. @param {string} iso */
export const clockTime = (iso) => `${new Date(iso).toISOString().slice(11, 19)} UTC`;

/**
 * How far `iso` is from the mock's `now`, in words: "in 4 min", "3 h ago", "now".
 *
 * @param {string} iso
 * @param {number} now
 */
export function relative(iso, now) {
  const ms = Date.parse(iso) - now;
  const abs = Math.abs(ms);
  if (abs < 1000) return 'now';
  const text =
    abs < 60_000
      ? `${Math.round(abs / 1000)} s`
      : abs < 3_600_000
        ? `${Math.round(abs / 60_000)} min`
        : abs < 172_800_000
          ? `${Math.round(abs / 360_000) / 10} h`
          : `${Math.round(abs / 8_640_000) / 10} d`;
  return ms > 0 ? `in ${text}` : `${text} ago`;
}

/** `02:10:00 UTC (in 5 min)` @param {string} iso @param {number} now */
export const when = (iso, now) => `${clockTime(iso)} (${relative(iso, now)})`;

/** @type {{ polite: string[], assertive: string[] }} */
const pending = { polite: [], assertive: [] };

/**
 * Says something to screen-reader users through the page's live regions: polite for status changes,
 * assertive for refusals. Messages said within the same moment (an action and the changes it caused) are
 * read as one. Each is added as a new line (the last few are kept), so a repeated message is read again and
 * none replaces another before it is read.
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

/** Copies text, with a fallback for browsers without the async clipboard. @param {string} text */
export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return;
  } catch {
    // Not a secure context or no permission: fall back to a selected textarea.
  }
  const area = h('textarea', { class: 'offscreen', readonly: true, 'aria-hidden': 'true' }, text);
  document.body.appendChild(area);
  area.select();
  document.execCommand('copy');
  area.remove();
}

/**
 * Replaces a container's children, keeping keyboard focus on the element with the same `data-key`
 * (re-rendering a list would otherwise drop focus to the page).
 *
 * @param {HTMLElement} container
 * @param {ReadonlyArray<Child>} children
 */
export function replaceChildrenKeepingFocus(container, children) {
  const active = document.activeElement;
  const key = active instanceof HTMLElement && container.contains(active) ? active.dataset.key : undefined;
  container.replaceChildren();
  append(container, children);
  if (key === undefined) return;
  const again = [...container.querySelectorAll('[data-key]')].find(
    (element) => element instanceof HTMLElement && element.dataset.key === key,
  );
  if (again instanceof HTMLElement) again.focus();
}
