/**
 * How the shell moves focus into a component without knowing its DOM: the
 * component hands out what can be focused through a ref (an element such as
 * a panel's title, or a handle from useImperativeHandle such as the context
 * form's focusField), and the shell asks the first mounted one to take
 * focus. A ref of an unmounted component is null, which is how "the first
 * that is shown" is found.
 */
import { createRef, type RefObject } from 'react';
import { PANEL_IDS, type PanelId } from '../../playground/panels.ts';

export interface Focusable {
  focus(): void;
}

/** A panel as focus and the narrow bar see it: the region scrolled to, and its title, which takes focus. */
export interface PanelTarget {
  section: RefObject<HTMLElement | null>;
  title: RefObject<HTMLHeadingElement | null>;
}

export const panelTarget = (): PanelTarget => ({
  section: createRef<HTMLElement>(),
  title: createRef<HTMLHeadingElement>(),
});

export const panelTargets = (): Record<PanelId, PanelTarget> =>
  Object.fromEntries(PANEL_IDS.map((id) => [id, panelTarget()])) as Record<PanelId, PanelTarget>;

/** After the next paint (a tab or a mode just shown has mounted by then), focuses the first target that is mounted. */
export function focusFirstSoon(...targets: readonly RefObject<Focusable | null>[]): void {
  requestAnimationFrame(() => {
    for (const r of targets) {
      if (r.current !== null) {
        r.current.focus();
        return;
      }
    }
  });
}

/** A handle that may mount later (a component whose chunk is still loading). */
export interface LateHandle<H> {
  /** The ref to give the component: stable, so that React calls it only when the component mounts or unmounts. */
  readonly ref: (handle: H | null) => void;
  /** Acts on the handle after the next paint, or, if it is not mounted yet, as soon as it mounts. */
  act(f: (handle: H) => void): void;
}

export function lateHandle<H>(): LateHandle<H> {
  let current: H | null = null;
  let pending: ((handle: H) => void) | null = null;
  return {
    ref: (handle) => {
      current = handle;
      if (handle === null || pending === null) return;
      const f = pending;
      pending = null;
      f(handle);
    },
    act: (f) =>
      requestAnimationFrame(() => {
        if (current !== null) f(current);
        else pending = f;
      }),
  };
}
