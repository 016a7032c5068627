/**
 * The scenario as the learner edited it, for the attack lab: the parsed
 * handler output and the valid context when both are good, else the last good
 * one for this scenario (a half-typed edit does not blank the lab), else the
 * built-in scenario (for an MCP document, the default one).
 */
import { useMemo, useRef } from 'react';
import { SCENARIO_FORMAT, type Scenario } from '#lib/core/result/index.ts';
import type { Evaluation } from '../../playground/evaluate.ts';
import { DEFAULT_SCENARIO_ID, scenarioMeta, type Work } from '../../playground/work.ts';
import { findScenario } from '../../chapter/index.ts';

export function useLastGoodScenario(work: Work, evaluation: Evaluation, evaluatedId: string, source?: 'mcp'): Scenario {
  const last = useRef<{ id: string; scenario: Scenario } | null>(null);
  return useMemo(() => {
    const id = evaluatedId;
    const meta = scenarioMeta(work, id);
    // The lab's attacks take a handler output: an MCP server's CallToolResult is not one (A15 is the lab's MCP attack).
    if (source !== 'mcp' && evaluation.parse.ok && evaluation.context.ok && meta !== null) {
      const s: Scenario = {
        format: SCENARIO_FORMAT,
        id,
        title: meta.title,
        summary: meta.summary,
        context: evaluation.context.value,
        handler_output: evaluation.parse.value,
      };
      last.current = { id, scenario: s };
      return s;
    }
    if (last.current !== null && last.current.id === id) return last.current.scenario;
    return findScenario(id) ?? (findScenario(DEFAULT_SCENARIO_ID) as Scenario);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `work` matters only through the scenario's title, which changes with the id
  }, [evaluation, evaluatedId, source]);
}
