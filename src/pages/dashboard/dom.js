// @ts-check
/** The dashboard page's own DOM helpers, beside the shared ones (shared/dom.js): ids, relative times, copying, focus. */
import { appendChildren, clockTime, h } from './shared/dom.js';

/** @typedef {import('./shared/dom.js').Child} Child */

/** A name usable in an id: `www.example.com` → `www-example-com`. @param {string} name */
export const slug = (name) => name.replace(/[^a-z0-9]+/gi, '-').toLowerCase();

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

/** `2026-07-01 02:10:00 UTC (in 5 min)` @param {string} iso @param {number} now */
export const when = (iso, now) => `${clockTime(iso)} (${relative(iso, now)})`;

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
  appendChildren(container, children);
  if (key === undefined) return;
  const again = [...container.querySelectorAll('[data-key]')].find(
    (element) => element instanceof HTMLElement && element.dataset.key === key,
  );
  if (again instanceof HTMLElement) again.focus();
}
