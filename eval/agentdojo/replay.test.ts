/**
 * The banking replay as CI's gate (docs/agentdojo.md): the suite is whole (144 cases), every count adds up, the
 * attacker goals that succeed with every layer on stay at or under the figure the docs publish, the docs quote the
 * replay's own table, and a goal the replay counts as reached is one upstream's `security` predicate agrees with.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { replayBanking, type LayerFigures, type Report } from './replay.ts';
import { table } from './table.ts';

const doc = readFileSync(new URL('../../docs/agentdojo.md', import.meta.url), 'utf8');
let report: Report;

beforeAll(async () => {
  report = await replayBanking();
}, 600_000);

describe('AgentDojo banking, replayed through the plane', () => {
  it('is the whole suite: 16 user tasks × 9 injection tasks, every count adding up in every layer', () => {
    expect([report.suite, report.cases, report.user_tasks, report.injection_tasks]).toEqual(['banking', 144, 16, 9]);
    const layers: LayerFigures[] = [...Object.values(report.layers), report.combined];
    for (const f of layers) {
      const g = f.attacker_goals;
      expect(g.succeeded + g.held + g.stopped).toBe(144);
      const u = f.user_tasks;
      expect(u.completed + u.needs_person + u.failed).toBe(16);
      const a = f.user_tasks_under_attack;
      expect(a.completed + a.needs_person + a.failed).toBe(144);
    }
    expect(Object.keys(report.per_injection_task)).toHaveLength(9);
    expect(Object.keys(report.per_user_task)).toHaveLength(16);
    expect(report.cases_combined).toHaveLength(144);
  });

  it('every layer on: attacker goals that succeed stay at or under the figure docs/agentdojo.md publishes', () => {
    const gate = /<!-- gate: attacker goals succeeded with every layer <= (\d+) of 144 -->/.exec(doc);
    expect(gate, 'docs/agentdojo.md states its gate').not.toBeNull();
    expect(report.combined.attacker_goals.succeeded).toBeLessThanOrEqual(Number(gate?.[1]));
    // Each layer adds to the contract alone, never takes away: a layer that let more through would be a bug.
    for (const f of [report.layers.provenance, report.layers.authorization, report.combined])
      expect(f.attacker_goals.succeeded).toBeLessThanOrEqual(report.layers.contract.attacker_goals.succeeded);
  });

  it('docs/agentdojo.md quotes the table the replay prints today', () => {
    const quoted = /```text\n(AgentDojo banking, replayed[\s\S]*?)\n```/.exec(doc)?.[1];
    expect(quoted).toBe(table(report));
  });

  it("a goal counted as reached is one upstream's security predicate agrees was reached", () => {
    expect(report.checks.goal_without_security).toEqual([]);
    // A user task completed without upstream's utility is a ground truth the port or the plane got wrong.
    expect(report.checks.completed_without_utility).toEqual([]);
  });

  it('every held or stopped case says which rule, and every needs-a-person user task names its argument or tool', () => {
    for (const c of report.cases_combined)
      if (c.goal.outcome !== 'succeeded') expect(c.goal.why).toMatch(/^(argument provenance|authorization|the exact)/);
    for (const [id, u] of Object.entries(report.per_user_task))
      if (u.outcome === 'needs_person')
        expect(u.why, id).toMatch(/^(argument provenance: \w+\.\w+|authorization: \w+)/);
  });
});
