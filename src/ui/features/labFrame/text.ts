/** The lab frame's words: goal, hints, worked answer, solved. */
import { defineTexts } from '../../../texts.ts';

export const LAB_FRAME_TEXT = defineTexts({
  en: {
    title: 'Lab',
    why: 'Reach the goal with your own actions. Hints come one at a time, the worked answer after the last; the case counts as solved only when what you did meets the goal.',
    goal: 'Goal',
    hint: (n: number) => `Hint ${n}`,
    nextHint: (n: number, of: number) => `Show hint ${n} of ${of}`,
    showAnswer: 'Show the worked answer',
    answer: 'Worked answer',
    checks: 'Checks that answer',
    noCheck: 'none: nothing is invalid',
    solved: 'Solved: your own actions met the goal.',
    solvedAttack: 'Solved: you ran it and the real checks gave their verdict.',
    notYet: 'Not solved yet.',
  },
  zh: {
    title: '实验',
    why: '用你自己的操作达成目标。提示一次显示一条，最后一条之后才是参考解答；只有你做的事达成了目标，才算解决。',
    goal: '目标',
    hint: (n: number) => `提示 ${n}`,
    nextHint: (n: number, of: number) => `显示提示 ${n} / ${of}`,
    showAnswer: '显示参考解答',
    answer: '参考解答',
    checks: '作出回答的检查',
    noCheck: '无：没有任何非法之处',
    solved: '已解决：你自己的操作达成了目标。',
    solvedAttack: '已解决：你运行了它，真实的检查给出了结论。',
    notYet: '尚未解决。',
  },
});
