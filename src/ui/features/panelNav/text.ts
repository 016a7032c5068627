/** The narrow screen's sticky bar: the verdict, the problem count, the jumps. */
import { defineTexts } from '../../../texts.ts';

export const PANEL_NAV_TEXT = defineTexts({
  en: {
    panelNav: 'Verdict and panels',
    panelNavJumps: 'Go to a panel',
    verdictOk: 'handler output ✓ ok',
    verdictRejected: 'handler output ✗ rejected',
    verdictNotStarted: '○ not started: the empty template',
    verdictUnmet: 'handler output ○ not met yet',
    problemCount: (n: number) => `problems: ${n}`,
    jumpVerdict: (id: string) => `${id}: verdict`,
  },
  zh: {
    panelNav: '结论与面板',
    panelNavJumps: '跳到面板',
    verdictOk: 'handler 输出 ✓ 通过',
    verdictRejected: 'handler 输出 ✗ 被拒绝',
    verdictNotStarted: '○ 尚未开始：空模板',
    verdictUnmet: 'handler 输出 ○ 尚未满足',
    problemCount: (n: number) => `问题：${n}`,
    jumpVerdict: (id: string) => `${id} 结论`,
  },
});
