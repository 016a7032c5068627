/** Hand-written provider events for the turn's tests (docs/turn-contract.md): the smallest stream of each kind, with the parts a test changes as arguments. */
import type { TurnContext } from '../../src/core/turn/index.ts';

export type Ev = Record<string, unknown>;

export const ctxFor = (ids: string[], extra: Partial<TurnContext> = {}): TurnContext => ({
  principal: { tenant: 'tenant-acme-retail', subject: 'user-7f3a9c21' },
  now: '2026-07-19T00:01:00Z',
  calls: Object.fromEntries(
    ids.map((id, i) => [id, { operation_id: `op_${i}`, idempotency_key: `idem_${i}_0123456789abcdef` }]),
  ),
  history: [],
  ...extra,
});
export const ORDER = { kind: 'success', data: { order_ref: 'ORDER-7', status: 'shipped', total_cents: 4200 } };

/** OpenAI: response.created, the items, then the given end; sequence numbers from 0 unless `numbered` is false. */
export function openai(
  items: Ev[],
  end: Ev = { type: 'response.completed', response: { id: 'resp_1', status: 'completed' } },
  numbered = true,
): Ev[] {
  const events: Ev[] = [{ type: 'response.created', response: { id: 'resp_1', status: 'in_progress' } }, ...items, end];
  return numbered ? events.map((e, i) => ({ ...e, sequence_number: i })) : events;
}
export const fcItem = (extra: Ev = {}): Ev => ({
  type: 'function_call',
  id: 'fc_1',
  call_id: 'call_1',
  name: 'get_order',
  arguments: '',
  status: 'in_progress',
  ...extra,
});
export const added = (item: Ev, output_index = 0): Ev => ({ type: 'response.output_item.added', output_index, item });
export const done = (item: Ev, output_index = 0): Ev => ({ type: 'response.output_item.done', output_index, item });
export const delta = (d: string): Ev => ({
  type: 'response.function_call_arguments.delta',
  output_index: 0,
  item_id: 'fc_1',
  delta: d,
});
export const ARGS = '{"order_ref":"ORDER-7"}';

export function anthropic(message: Ev, events: Ev[]): Ev[] {
  return [
    {
      type: 'message_start',
      message: { id: 'msg_1', type: 'message', role: 'assistant', content: [], stop_reason: null, ...message },
    },
    ...events,
    { type: 'message_stop' },
  ];
}
export const stop = (stop_reason: string): Ev => ({ type: 'message_delta', delta: { stop_reason } });

export function gemini(id: string, steps: Ev[], status = 'requires_action'): Ev[] {
  return [
    { event_type: 'interaction.created', interaction: { id, status: 'in_progress' } },
    ...steps,
    { event_type: 'interaction.completed', interaction: { id, status } },
  ];
}
