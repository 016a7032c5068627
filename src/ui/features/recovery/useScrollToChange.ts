/**
 * Where the lab's columns are stacked (a short screen, a phone: one column the lab scrolls through), a step's effect
 * is often below the fold: the timeline, what the model saw, the ledger. After each of the learner's steps the lab
 * scrolls to the first panel whose text the step changed, past the ones that hold the controls. Side by side, every
 * panel is already in sight under its column's name, and nothing moves.
 */
import { useLayoutEffect, useRef, type RefObject } from 'react';

/** The panels that answer a step, in the order the stacked column shows them (./RecoveryMode.tsx: PANEL_IDS). */
const ANSWERING = ['recovery-attempts', 'recovery-model', 'recovery-ledger', 'recovery-records', 'recovery-audit'];

const textsIn = (root: HTMLElement): Map<string, string> =>
  new Map(ANSWERING.map((id) => [id, root.querySelector(`#${id}`)?.textContent ?? '']));

/** Whether the columns (the grid's children) are stacked: one left edge for all. */
const stacked = (root: HTMLElement): boolean =>
  new Set([...root.children].map((c) => Math.round(c.getBoundingClientRect().left))).size === 1;

export function useScrollToChange(grid: RefObject<HTMLElement | null>, state: unknown, stage: unknown, quiet: boolean) {
  const seen = useRef<{ stage: unknown; texts: Map<string, string> } | null>(null);
  useLayoutEffect(() => {
    const root = grid.current;
    if (root === null) return;
    const texts = textsIn(root);
    const before = seen.current;
    seen.current = { stage, texts };
    // A new stage (another case, a start over, a broken plane) or a replay of a link is not a step of the learner's.
    if (before === null || before.stage !== stage || quiet || !stacked(root)) return;
    const changed = ANSWERING.find((id) => texts.get(id) !== before.texts.get(id));
    if (changed === undefined) return;
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    document.getElementById(changed)?.scrollIntoView({ block: 'start', behavior: reduce ? 'auto' : 'smooth' });
  }, [grid, state, stage, quiet]);
}
