/**
 * What "nothing cut off" means, measured in the page: the page
 * does not scroll sideways, and every visible control, heading and label is
 * inside the window and inside every box that clips it, unless that box is a
 * scroll container with a name (a panel body, the row of panel buttons): those
 * scroll, and say so. Text cut by an ellipsis counts as cut off. Monaco's own
 * widgets are its business and are left out.
 */
import type { Page } from '@playwright/test';

const SELECTOR =
  'button, a[href], select, input:not([type=file]), textarea, label, h1, h2, h3, h4, [role=tab], summary, legend, th';

/** One line per element that is cut off, empty when none is. */
export function cutOff(page: Page): Promise<string[]> {
  return page.evaluate((selector) => {
    const out: string[] = [];
    const W = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > W)
      out.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} > ${W}`);
    const named = (a: Element) => a.hasAttribute('aria-label') || a.hasAttribute('aria-labelledby');
    const scrolls = (s: CSSStyleDeclaration) => /auto|scroll/.test(s.overflowX) || /auto|scroll/.test(s.overflowY);
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} “${(el.textContent ?? '').trim().slice(0, 40) || el.getAttribute('aria-label') || ''}”`;
    for (const el of document.querySelectorAll<HTMLElement>(selector)) {
      if (el.closest('.monaco-editor, .sr-only, [hidden], .skip-link') !== null || !el.checkVisibility()) continue;
      let box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const own = getComputedStyle(el);
      if (
        el.tagName !== 'SELECT' &&
        own.overflowX !== 'visible' &&
        !scrolls(own) &&
        el.scrollWidth > el.clientWidth + 1
      ) {
        out.push(`${describe(el)} is cut by its own box (${el.scrollWidth} > ${el.clientWidth})`);
        continue;
      }
      let cut: string | null = null;
      for (let a = el.parentElement; a !== null && cut === null; a = a.parentElement) {
        const s = getComputedStyle(a);
        if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
        const r = a.getBoundingClientRect();
        // A named scroll container: what is inside is reached by scrolling it; from here on, the container itself must be on screen.
        if (scrolls(s) && named(a)) {
          box = r;
          continue;
        }
        if (box.left < r.left - 1 || box.right > r.right + 1 || box.top < r.top - 1 || box.bottom > r.bottom + 1)
          cut = `clipped by ${describe(a)}`;
      }
      if (cut === null && (box.left < -1 || box.right > W + 1))
        cut = `past the window's edge (${Math.round(box.left)}…${Math.round(box.right)} of ${W})`;
      if (cut !== null) out.push(`${describe(el)} ${cut}`);
    }
    return out;
  }, SELECTOR);
}

/** Targets smaller than 44×44 px where a finger is the pointer (inline links in running text are exempt, as in WCAG 2.5.5). */
export function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(
      'button, a[href], select, input:not([type=file]), [role=tab], summary',
    )) {
      if (el.closest('.monaco-editor, .sr-only, [hidden], .skip-link') !== null || !el.checkVisibility()) continue;
      if (el.tagName === 'A' && getComputedStyle(el).display === 'inline') continue;
      // A checkbox or a radio button is tapped through its label.
      const target =
        (el instanceof HTMLInputElement && /checkbox|radio/.test(el.type) ? el.closest('label') : null) ?? el;
      const r = target.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      if (r.width < 43.5 || r.height < 43.5)
        out.push(
          `${target.tagName.toLowerCase()} “${(target.textContent ?? '').trim().slice(0, 30) || target.getAttribute('aria-label') || ''}” ${Math.round(r.width)}×${Math.round(r.height)}`,
        );
    }
    return out;
  });
}

/** The smallest font size among the visible elements matching `selector` that hold text of their own; null when none does. */
export function smallestFont(page: Page, selector: string): Promise<number | null> {
  return page.locator(selector).evaluateAll((els) => {
    const sizes = els
      .filter(
        (e) =>
          (e as HTMLElement).offsetParent !== null &&
          [...e.childNodes].some((n) => n.nodeType === 3 && (n.textContent ?? '').trim() !== ''),
      )
      .map((e) => parseFloat(getComputedStyle(e).fontSize));
    return sizes.length === 0 ? null : Math.min(...sizes);
  });
}
