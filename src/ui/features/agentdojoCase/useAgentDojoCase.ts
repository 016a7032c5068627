/**
 * The case in React: one view model (src/lessons/agentdojoCase/agentdojoCase.ts) per start, read through
 * useSyncExternalStore. "Start over" is a new plane and a new bank: nothing carries over, proofs included,
 * since a proof names the operation ids of the plane that answered.
 */
import { useMemo, useState, useSyncExternalStore } from 'react';
import {
  createAgentDojoCase,
  type AgentDojoCase,
  type CaseState,
} from '../../../lessons/agentdojoCase/agentdojoCase.ts';

export function useAgentDojoCase(): { lesson: AgentDojoCase; state: CaseState; startOver(): void } {
  const [start, setStart] = useState(0);
  const lesson = useMemo(() => {
    // Each start is a new case: the count is the reason for a new one, not an input to it.
    void start;
    return createAgentDojoCase();
  }, [start]);
  const state = useSyncExternalStore(lesson.subscribe, lesson.state);
  return { lesson, state, startOver: () => setStart((n) => n + 1) };
}
