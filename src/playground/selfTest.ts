/**
 * The chapter's five self-test questions (自测), each with the explanation
 * revealed after the learner has answered, and the playground state that
 * demonstrates it. Grounded in the contract (docs/contract.md, docs/digests.md,
 * docs/scenarios.md) and the chapter. Their
 * words are in ./selfTestText.ts, by question id.
 */
import type { PanelId } from './panels.ts';
import type { RecoveryCaseId } from '../lessons/recoveryProofs.ts';

/** Where the demo button takes the learner: a mode, a scenario, an attack, and a panel to focus. */
export interface DemoPlace {
  mode: 'playground' | 'attack';
  scenarioId: string;
  attackId: string | null;
  /** The panel whose title takes focus once there. */
  focus: PanelId | null;
}

export type QuestionId = 1 | 2 | 3 | 4 | 5;

export interface Question {
  id: QuestionId;
  demo: DemoPlace;
  /** The recovery lab's case in which the learner causes the answer by hand (its link's words: selfTestText.ts `lab`). */
  lab?: RecoveryCaseId;
}

export const QUESTIONS: readonly Question[] = [
  { id: 1, demo: { mode: 'attack', scenarioId: 'create_refund_draft.created', attackId: 'A3', focus: null } },
  {
    id: 2,
    demo: {
      mode: 'playground',
      scenarioId: 'create_refund_draft.status_injected',
      attackId: null,
      focus: 'panel-model-result',
    },
  },
  {
    id: 3,
    demo: { mode: 'playground', scenarioId: 'get_order.local_replay', attackId: null, focus: 'panel-digests' },
    lab: 'lost_response',
  },
  {
    id: 4,
    demo: { mode: 'playground', scenarioId: 'create_refund_draft.created', attackId: null, focus: 'panel-payloads' },
  },
  { id: 5, demo: { mode: 'attack', scenarioId: 'search_kb.injection', attackId: 'A14', focus: null } },
];
