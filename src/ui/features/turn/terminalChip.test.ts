import { describe, expect, it } from 'vitest';
import { assembleTurn } from '#lib/core/turn/index.ts';
import { terminalChip } from './terminalChip.ts';

const openai = (status: string, output: unknown[]) => [
  { type: 'response.created', sequence_number: 0, response: { id: 'resp_1' } },
  { type: 'response.completed', sequence_number: 1, response: { id: 'resp_1', status, output } },
];

describe('the colour of a turn end in the event list', () => {
  it('the model’s final answer is neutral, never red: nothing is wrong, there is nothing to run', () => {
    const t = assembleTurn('openai', openai('completed', []));
    expect(t.problems).toEqual([]);
    expect(t.terminal?.kind).toBe('final_answer');
    expect(terminalChip(t.terminal!)).toBe('chip chip-quiet');
  });
  it('a failed turn is red', () => {
    const t = assembleTurn('openai', openai('failed', []));
    expect(terminalChip(t.terminal!)).toBe('chip chip-error');
  });
});
