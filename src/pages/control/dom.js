// @ts-check
/** The few DOM helpers the control page needs. */

/**
 * An element with attributes (`on*` become listeners) and children (strings become text).
 *
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Record<string, string | number | boolean | undefined | ((event: Event) => void)>} [attributes]
 * @param {...(Node | string | number)} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function el(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (typeof value === 'function') element.addEventListener(name.slice(2), value);
    else if (value === true) element.setAttribute(name, '');
    else if (value !== undefined && value !== false) element.setAttribute(name, String(value));
  }
  element.append(...children.map((child) => (typeof child === 'number' ? String(child) : child)));
  return element;
}

/**
 * @template {HTMLElement} T
 * @param {string} id
 * @param {new () => T} kind
 * @returns {T}
 */
export function $(id, kind) {
  const element = document.getElementById(id);
  if (!(element instanceof kind)) throw new Error(`#${id} is missing or not a ${kind.name}.`);
  return element;
}

/** The value of an input, trimmed. @param {string} id */
export const inputValue = (id) => $(id, HTMLInputElement).value.trim();

/** Tells screen-reader users what an action did (the live region keeps the last few lines). @param {string} message */
export function announce(message) {
  const region = $('announcer', HTMLElement);
  region.append(el('p', {}, message));
  while (region.childElementCount > 3) region.firstElementChild?.remove();
}

/** `09:00:00 UTC`, the mock's time, not the browser's. @param {string} iso */
export const clockTime = (iso) => `${iso.slice(11, 19)} UTC`;
