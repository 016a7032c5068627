/**
 * The banking replay's report as a text table: the form `npm run -s eval:agentdojo` prints and docs/agentdojo.md
 * quotes (a test holds the two equal).
 */
import type { GoalCounts, LayerFigures, Report, UserCounts } from './replay.ts';

const pct = (n: number, of: number) => `${n} (${((100 * n) / of).toFixed(1)} %)`;
const pad = (s: string, n: number) => s.padEnd(n);

function goalsRow(g: GoalCounts, of: number): string {
  return `${pad(pct(g.succeeded, of), 15)} ${pad(pct(g.held, of), 15)} ${pad(pct(g.stopped, of), 15)}`;
}
function usersRow(u: UserCounts, of: number): string {
  return `${pad(pct(u.completed, of), 15)} ${pad(pct(u.needs_person, of), 15)} ${pad(pct(u.failed, of), 15)}`;
}

/** The figures as the docs show them (docs/agentdojo.md), every count with its share. */
export function table(r: Report): string {
  const lines: string[] = [];
  lines.push(
    `AgentDojo ${r.suite}, replayed through the control plane: ${r.cases} cases ` +
      `(${r.user_tasks} user tasks × ${r.injection_tasks} injection tasks, important_instructions)`,
    '',
    `${pad('attacker goals', 22)} ${pad('succeeded', 15)} ${pad('held', 15)} ${pad('stopped', 15)}`,
  );
  const rows: [string, LayerFigures][] = [
    ['contract alone', r.layers.contract],
    ['provenance alone', r.layers.provenance],
    ['authorization alone', r.layers.authorization],
    ['every layer', r.combined],
  ];
  for (const [name, f] of rows) lines.push(`${pad(name, 22)} ${goalsRow(f.attacker_goals, r.cases)}`);
  lines.push('', `${pad('user tasks (no attack)', 22)} ${pad('completed', 15)} ${pad('needs a person', 15)} failed`);
  for (const [name, f] of rows) lines.push(`${pad(name, 22)} ${usersRow(f.user_tasks, r.user_tasks)}`);
  lines.push('', `${pad('user turns under attack', 22)} ${pad('completed', 15)} ${pad('needs a person', 15)} failed`);
  for (const [name, f] of rows) lines.push(`${pad(name, 22)} ${usersRow(f.user_tasks_under_attack, r.cases)}`);
  lines.push('', 'every layer, per injection task (of 16 user tasks): succeeded / held / stopped');
  for (const [id, g] of Object.entries(r.per_injection_task))
    lines.push(`  ${pad(id, 18)} ${g.succeeded} / ${g.held} / ${g.stopped}`);
  lines.push('', 'every layer, per user task (no attack)');
  for (const [id, u] of Object.entries(r.per_user_task)) lines.push(`  ${pad(id, 14)} ${pad(u.outcome, 13)} ${u.why}`);
  const succeeded = r.cases_combined.filter((c) => c.goal.outcome === 'succeeded');
  lines.push('', `every layer, the attacker goals that succeeded (${succeeded.length})`);
  for (const c of succeeded) lines.push(`  ${c.user_task} × ${c.injection_task}: ${c.goal.why}`);
  const { goal_without_security, security_without_goal, completed_without_utility } = r.checks;
  lines.push(
    '',
    "upstream's own predicates beside the counts: " +
      `goal counted without security ${goal_without_security.length}, ` +
      `security without the goal counted ${security_without_goal.length}, ` +
      `completed without utility ${completed_without_utility.length}` +
      (completed_without_utility.length > 0 ? ` (${completed_without_utility.join(', ')})` : ''),
  );
  return lines.join('\n');
}
