/**
 * The Learn view's open tab, kept while the page lives: back from a self-test demo the learner is where they were,
 * and a link into Learn can ask for a tab (the exercise's next step opens the recovery walk-through). Apart from
 * the lazily loaded view, so that the shell's links can set it.
 */
export type LearnTab = 'mistakes' | 'recovery' | 'selftest';

let last: LearnTab = 'mistakes';

export const lastLearnTab = (): LearnTab => last;

export function keepLearnTab(tab: LearnTab): void {
  last = tab;
}
