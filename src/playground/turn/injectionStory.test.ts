import { describe, expect, it } from 'vitest';
import { TURN_PROVIDERS } from '#lib/core/turn/index.ts';
import { canonicalize } from '#lib/core/json/index.ts';
import { injectionStory } from './injectionStory.ts';

describe('the injection story, for every provider', () => {
  it.each(TURN_PROVIDERS.map((p) => [p] as const))('%s', (p) => {
    const s = injectionStory(p);
    if (!s.ok) throw new Error(JSON.stringify(s));
    expect(s.steps.map((x) => x.kind)).toEqual(['injected_hit', 'model_asks', 'gate_answers', 'continuation_carries']);
    const [hit, asks, gate, cont] = s.steps;
    if (
      hit?.kind !== 'injected_hit' ||
      asks?.kind !== 'model_asks' ||
      gate?.kind !== 'gate_answers' ||
      cont?.kind !== 'continuation_carries'
    )
      throw new Error('shape');
    expect(canonicalize(hit.hits)).toContain('send_email');
    expect(hit.model_result.provenance.trust).toBe('untrusted_data');
    expect(asks.name).toBe('send_email');
    expect(asks.fixture).toBe(`${p}.injection_follow_up`);
    expect(gate.handler_ran).toBe(false);
    expect(gate.model_result.error?.code).toBe('UNKNOWN_TOOL');
    expect(gate.model_result.provenance.trust).toBe('trusted_control');
    expect(cont.call_id).toBe(asks.call_id);
    expect(canonicalize(cont.result)).toContain('UNKNOWN_TOOL');
    expect(canonicalize(cont.result)).toContain(asks.call_id);
    expect(gate.name).toBe(asks.name);
  });
});
