import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseScenario } from '#lib/core/result/index.ts';
import { findScenario, scenarios } from './scenarios.ts';
import { mcpScenarios } from './mcpScenarios.ts';
import { parseStrictJson } from '#lib/core/json/index.ts';

const dir = new URL('./scenarios/', import.meta.url);
const files = readdirSync(dir).filter((f) => f.endsWith('.json'));

describe('scenario files', () => {
  it('one file per scenario, named by its id', () => {
    expect(files.map((f) => f.replace(/\.json$/, '')).sort()).toEqual(
      [...scenarios, ...mcpScenarios].map((s) => s.id).sort(),
    );
  });
  it.each(files)('%s is strict JSON (docs/strict-json.md) and a valid scenario', (f) => {
    const parsed = parseStrictJson(readFileSync(new URL(f, dir), 'utf8'));
    expect(parsed.ok).toBe(true);
    const s = parseScenario(parsed.ok ? parsed.value : null);
    expect(s.ok ? s.value.id : s.issues).toBe(f.replace(/\.json$/, ''));
  });
  it('get_order.local_replay is get_order.paid’s intent under a new call id', () => {
    const paid = findScenario('get_order.paid');
    const replay = findScenario('get_order.local_replay');
    expect(replay?.context.delivery).toBe('local_replay');
    expect(replay?.context.principal).toEqual(paid?.context.principal);
    expect(replay?.context.arguments).toEqual(paid?.context.arguments);
    expect(replay?.context.call.idempotency_key).toBe(paid?.context.call.idempotency_key);
    expect(replay?.context.call.call_id).not.toBe(paid?.context.call.call_id);
  });
  it('parseScenario refuses a scenario with a bad context, naming the place', () => {
    const s = structuredClone(findScenario('get_order.paid')) as unknown as { context: { now: string } };
    s.context.now = '2026-07-19 00:00:00';
    const r = parseScenario(s);
    expect(r.ok).toBe(false);
    expect(r.ok ? null : r.issues[0]?.path).toBe('/context/now');
  });
});
