/**
 * How the shell moves focus into a component without knowing its DOM: the
 * component hands out what can be focused through a ref (an element such as
 * a panel's title, or a handle from useImperativeHandle such as the context
 * form's focusField), and the shell asks the first mounted one to take
 * focus. A ref of an unmounted component is null, which is how "the first
 * that is shown" is found.
 */
import type { RefObject } from 'react';

export interface Focusable {
  focus(): void;
}

/** The workspace's panels that can be focused by their title (Alt+4…6, the learn mode's demos). */
export const PANEL_IDS = ['panel-model-result', 'panel-protected-audit', 'panel-digests', 'panel-payloads', 'panel-attack', 'panel-learn'] as const;
export type PanelId = (typeof PANEL_IDS)[number];

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
