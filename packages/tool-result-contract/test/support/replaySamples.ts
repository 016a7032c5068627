/**
 * Hand-written turns with what real streams carry beyond the project's
 * fixtures (docs/turn-contract.md#what-providers-really-send): Gemini server steps completed by their deltas, an
 * OpenAI call with namespace and caller, an Anthropic message delivered whole
 * with citations, a paused Anthropic turn. Their continuation bodies are
 * type-checked against the SDK request types with the fixtures'
 * (turnFixtureTypes.ts), so a replay that drops a required member fails.
 */
import type { ProviderName } from '../../src/core/tables/index.ts';
import type { TurnContext } from '../../src/core/turn/index.ts';
import { turnFixtures } from '../../../../src/chapter/index.ts';

export interface ReplaySample {
  id: string;
  provider: ProviderName;
  stream: unknown[];
  turn_context: TurnContext;
  handlers: Record<string, unknown>;
}

const base = turnFixtures.find((f) => f.id === 'gemini.one_call');
if (base === undefined) throw new Error('gemini.one_call is gone');
const ORDER = Object.values(base.handlers)[0];
const context = (ids: string[]): TurnContext => ({
  ...structuredClone(base.turn_context),
  calls: Object.fromEntries(
    ids.map((id, i) => [id, { operation_id: `op_sample_${i}`, idempotency_key: `idem_sample_${i}_0123456789abcdef` }]),
  ),
  history: [],
});
const ARGS = '{"order_ref":"ORDER-7"}';
const fc = {
  type: 'function_call',
  id: 'fc_S1',
  call_id: 'call_S1',
  name: 'get_order',
  arguments: ARGS,
  status: 'completed',
  namespace: 'orders',
  caller: { type: 'direct' },
};

export const REPLAY_SAMPLES: readonly ReplaySample[] = [
  {
    id: 'sample.gemini_server_steps',
    provider: 'gemini',
    stream: [
      { event_type: 'interaction.created', interaction: { id: 'v1_SAMPLE', status: 'in_progress' } },
      { event_type: 'step.start', index: 0, step: { type: 'thought' } },
      { event_type: 'step.delta', index: 0, delta: { type: 'thought_signature', signature: 'SIG_T' } },
      { event_type: 'step.stop', index: 0 },
      { event_type: 'step.start', index: 1, step: { type: 'google_search_call', id: 'gs_1', arguments: {} } },
      {
        event_type: 'step.delta',
        index: 1,
        delta: { type: 'google_search_call', arguments: { queries: ['order 7 status'] }, signature: 'SIG_A' },
      },
      { event_type: 'step.stop', index: 1 },
      { event_type: 'step.start', index: 2, step: { type: 'google_search_result', call_id: 'gs_1', result: [] } },
      {
        event_type: 'step.delta',
        index: 2,
        delta: { type: 'google_search_result', result: [{ search_suggestions: '<div/>' }], signature: 'SIG_B' },
      },
      { event_type: 'step.stop', index: 2 },
      {
        event_type: 'step.start',
        index: 3,
        step: { type: 'function_call', id: 'fc_G1', name: 'get_order', arguments: {} },
      },
      { event_type: 'step.delta', index: 3, delta: { type: 'arguments_delta', arguments: ARGS } },
      { event_type: 'step.stop', index: 3 },
      { event_type: 'interaction.completed', interaction: { id: 'v1_SAMPLE', status: 'requires_action' } },
    ],
    turn_context: context(['fc_G1']),
    handlers: { fc_G1: ORDER },
  },
  {
    id: 'sample.openai_namespace',
    provider: 'openai',
    stream: [
      { type: 'response.created', response: { id: 'resp_SAMPLE', status: 'in_progress', output: [] } },
      { type: 'response.output_item.added', output_index: 0, item: { type: 'reasoning', id: 'rs_S1', summary: [] } },
      {
        type: 'response.output_item.done',
        output_index: 0,
        item: { type: 'reasoning', id: 'rs_S1', summary: [], encrypted_content: 'ENC_S' },
      },
      { type: 'response.output_item.added', output_index: 1, item: { ...fc, arguments: '', status: 'in_progress' } },
      { type: 'response.function_call_arguments.delta', output_index: 1, item_id: 'fc_S1', delta: ARGS },
      {
        type: 'response.function_call_arguments.done',
        output_index: 1,
        item_id: 'fc_S1',
        name: 'get_order',
        arguments: ARGS,
      },
      { type: 'response.output_item.done', output_index: 1, item: fc },
      {
        type: 'response.completed',
        response: {
          id: 'resp_SAMPLE',
          status: 'completed',
          output: [{ type: 'reasoning', id: 'rs_S1', summary: [], encrypted_content: 'ENC_S' }, fc],
        },
      },
    ].map((e, i) => ({ ...e, sequence_number: i })),
    turn_context: context(['call_S1']),
    handlers: { call_S1: ORDER },
  },
  {
    id: 'sample.anthropic_whole_message',
    provider: 'anthropic',
    stream: [
      {
        type: 'message_start',
        message: {
          id: 'msg_SAMPLE',
          type: 'message',
          role: 'assistant',
          content: [
            {
              type: 'text',
              text: 'Order 7, as the document says.',
              citations: [
                {
                  type: 'char_location',
                  cited_text: 'ORDER-7',
                  document_index: 0,
                  document_title: null,
                  start_char_index: 0,
                  end_char_index: 7,
                  file_id: null,
                },
              ],
            },
            {
              type: 'tool_use',
              id: 'toolu_S1',
              name: 'get_order',
              input: { order_ref: 'ORDER-7' },
              caller: { type: 'direct' },
            },
          ],
          stop_reason: 'tool_use',
        },
      },
      { type: 'message_stop' },
    ],
    turn_context: context(['toolu_S1']),
    handlers: { toolu_S1: ORDER },
  },
  {
    id: 'sample.anthropic_pause_turn',
    provider: 'anthropic',
    stream: [
      {
        type: 'message_start',
        message: { id: 'msg_PAUSE', type: 'message', role: 'assistant', content: [], stop_reason: null },
      },
      {
        type: 'content_block_start',
        index: 0,
        content_block: {
          type: 'server_tool_use',
          id: 'srvtoolu_S1',
          name: 'web_search',
          input: {},
          caller: { type: 'direct' },
        },
      },
      {
        type: 'content_block_delta',
        index: 0,
        delta: { type: 'input_json_delta', partial_json: '{"query":"order 7"}' },
      },
      { type: 'content_block_stop', index: 0 },
      { type: 'message_delta', delta: { stop_reason: 'pause_turn' } },
      { type: 'message_stop' },
    ],
    turn_context: context([]),
    handlers: {},
  },
];
