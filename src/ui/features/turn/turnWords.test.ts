/**
 * Every problem, note and continuation refusal of every turn fixture, of each
 * fault switch and of one example of each kind, rendered as the turn mode
 * renders it: in Chinese with no English sentence, and in neither language a
 * literal backtick (identifiers are <code> elements).
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { runTurn, type TurnReport } from '#lib/core/turn/index.ts';
import { TurnInputError } from '#lib/core/turn/index.ts';
import { assembleTurn } from '#lib/core/turn/index.ts';
import { describeTurnText, type TurnWordsParams } from '#lib/core/turn/index.ts';
import { applyFault, faultsFor } from '../../../playground/turn/faults.ts';
import { decideTurn } from '../../../playground/turn/decision.ts';
import { withoutTheRule } from '../../../playground/turn/problemStories.ts';
import { PROBLEM_TEXT } from '../../../playground/turn/problemText.ts';
import { LANGS } from '../../../lang.ts';
import { TurnWords } from './TurnWords.tsx';
import { CodeText } from '../../components/CodeText.tsx';
import { turnFixtures, isHealthyFixture, chapterTools } from '../../../chapter/index.ts';

type Kind = TurnWordsParams['kind'];
const END = { type: 'message_stop', status: 'max_tokens', reason: null };

/** One of each kind: a new kind without an example does not compile. */
const EXAMPLES: { [K in Kind]: Extract<TurnWordsParams, { kind: K }> } = {
  not_an_event: { kind: 'not_an_event', found: 'array' },
  not_json_data: { kind: 'not_json_data', fault: 'too_deep' },
  no_type: { kind: 'no_type', member: 'event_type' },
  sse_name: { kind: 'sse_name', sse_event: 'message_stop', type: 'content_block_stop' },
  after_terminal: { kind: 'after_terminal', type: 'ping', terminal_at: 9 },
  first_event: { kind: 'first_event', type: 'response.in_progress', expected: 'response.created' },
  only_first: { kind: 'only_first', type: 'interaction.created' },
  no_id: { kind: 'no_id', type: 'message_start' },
  malformed: { kind: 'malformed', type: 'step.start', members: ['index', 'step.type'] },
  opened_twice: { kind: 'opened_twice', type: 'content_block_start', index: 1 },
  not_open: { kind: 'not_open', type: 'content_block_delta', index: 5 },
  item_mismatch: {
    kind: 'item_mismatch',
    type: 'response.function_call_arguments.delta',
    item_id: 'fc_2',
    expected: 'fc_1',
    index: 1,
  },
  arguments_closed: { kind: 'arguments_closed', type: 'response.function_call_arguments.delta', item_id: 'fc_1' },
  call_without_id: { kind: 'call_without_id', item_type: 'tool_use', index: 0 },
  two_sources: { kind: 'two_sources', call_id: 'toolu_1' },
  delta_kind: { kind: 'delta_kind', delta: 'input_json_delta', block: 'text', index: 0 },
  fragment_type: { kind: 'fragment_type', type: 'content_block_delta', call_id: 'toolu_1' },
  done_not_added: { kind: 'done_not_added', index: 2 },
  after_message_delta: { kind: 'after_message_delta' },
  open_at_end: { kind: 'open_at_end', id: 'toolu_1', end: { type: 'message_stop', status: 'tool_use', reason: null } },
  block_open_at_end: { kind: 'block_open_at_end', block: 'tool_use', index: 1, stop_reason: 'tool_use' },
  open_across_hop: { kind: 'open_across_hop', call_id: 'fc_1' },
  other_interaction: { kind: 'other_interaction', id: 'v1_2', response_id: 'v1_1' },
  after_continuation: { kind: 'after_continuation', type: 'step.start' },
  below_message_start: { kind: 'below_message_start', index: 0, given: 2 },
  sequence: { kind: 'sequence', type: 'response.output_item.added', value: 4, previous: 4 },
  sequence_mixed: { kind: 'sequence_mixed', type: 'response.completed', carried: false },
  tools_without_call: { kind: 'tools_without_call', end: { type: 'message_stop', status: 'tool_use', reason: null } },
  unterminated: { kind: 'unterminated', events: 12 },
  failed: {
    kind: 'failed',
    end: { type: 'error', status: 'server_error', reason: null },
    code: 'server_error',
    message: 'The server had an error',
  },
  not_a_tool_turn: { kind: 'not_a_tool_turn', calls: 1, end: END },
  arguments_disagree: {
    kind: 'arguments_disagree',
    call_id: 'call_1',
    source: 'completed_response',
    says: '{}',
    fragments: true,
    text: '{"a":1}',
  },
  name_disagree: { kind: 'name_disagree', call_id: 'call_1', done: 'search_kb', item: 'get_order' },
  call_id_disagree: { kind: 'call_id_disagree', index: 1, found: 'call_2', expected: 'call_1' },
  unopened_call: { kind: 'unopened_call', call_id: 'call_9' },
  duplicate_call_id: { kind: 'duplicate_call_id', call_id: 'call_1' },
  unsupported_call: { kind: 'unsupported_call', item_type: 'local_shell_call', index: 0 },
  unknown_event: { kind: 'unknown_event', type: 'future_event' },
  unknown_member: { kind: 'unknown_member', member: 'obfuscation', type: 'response.function_call_arguments.delta' },
  tolerated_event: { kind: 'tolerated_event', type: 'ping' },
  unknown_delta: { kind: 'unknown_delta', delta: 'compaction_delta' },
  no_sequence_numbers: { kind: 'no_sequence_numbers' },
  handler_output_unused: { kind: 'handler_output_unused', call_id: 'call_x' },
  other_provider: { kind: 'other_provider', assembled: 'openai', asked: 'gemini' },
  turn_problems: { kind: 'turn_problems', codes: ['STREAM_ORDER', 'NOT_A_TOOL_TURN'] },
  ended_without_calls: { kind: 'ended_without_calls', end: END },
  no_tool_request: { kind: 'no_tool_request', end: null },
  unknown_mode: { kind: 'unknown_mode', mode: 'sideways' },
  history_not_list: { kind: 'history_not_list' },
  stateless_only: { kind: 'stateless_only' },
  no_stored_interaction: { kind: 'no_stored_interaction' },
  other_response: { kind: 'other_response', call_id: 'fc_1', bound: 'req_1', expected: 'req_2' },
  pairing: {
    kind: 'pairing',
    problems: [
      { code: 'MISSING_RESULT', call_id: 'call_1' },
      { code: 'TOOL_MISMATCH', call_id: 'call_2' },
    ],
  },
  text_before_result: { kind: 'text_before_result' },
  result_invalid: { kind: 'result_invalid', call_id: 'call_2', codes: ['AUDIT_LEAK'] },
  internal: { kind: 'internal', message: 'boom' },
  no_context_entry: { kind: 'no_context_entry', call_id: 'call_9' },
  needs_response_ref: { kind: 'needs_response_ref', call_id: 'fc_1' },
  context_invalid: {
    kind: 'context_invalid',
    call_id: 'call_1',
    issues: [
      { path: '/principal/tenant_id', message: 'Invalid input: expected string, received undefined' },
      { path: '', message: 'Unrecognized key: "extra"' },
    ],
  },
  problems_before_gate: { kind: 'problems_before_gate', codes: ['UNTERMINATED_STREAM'] },
  no_handler_output: { kind: 'no_handler_output', call_id: 'call_1', tool: 'get_order' },
  stream_text: { kind: 'stream_text', line: 3, column: 14, code: 'INVALID_JSON' },
};

function fromReport(r: TurnReport): TurnWordsParams[] {
  return [
    ...r.problems.map((p) => p.params),
    ...r.notes.map((n) => n.params),
    ...(r.refused === null ? [] : [r.refused.params]),
  ];
}

function collected(): TurnWordsParams[] {
  const all: TurnWordsParams[] = [];
  const run = (f: (typeof turnFixtures)[number], stream: readonly unknown[]) => {
    for (const mode of ['stateless', 'stateful'] as const) {
      try {
        all.push(...fromReport(runTurn(f.provider, stream, f.turn_context, f.handlers, chapterTools, mode)));
      } catch (e) {
        if (!(e instanceof TurnInputError)) throw e;
        all.push(...assembleTurn(f.provider, stream).problems.map((p) => p.params));
      }
    }
  };
  for (const f of turnFixtures) {
    run(f, f.stream);
    if (!isHealthyFixture(f)) continue;
    for (const sw of faultsFor(f.provider)) {
      const r = applyFault(sw.id, f.provider, f.stream);
      if (r.ok) run(f, r.events);
    }
  }
  return all;
}

/** English prose: two English words in a row, once code, quoted values and identifiers are taken out. */
const ENGLISH = /\b[A-Za-z]{2,}\s+[a-z]{2,}\b/;
const visibleProse = (html: string): string =>
  html
    .replace(/<code>[^<]*<\/code>/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/\b[A-Za-z_][A-Za-z0-9_.]*_[A-Za-z0-9_.]*\b/g, '')
    .replace(/\b[A-Z][A-Z0-9_]+\b/g, '');

describe('the turn mode says what the turn core says in the learner’s language', () => {
  const seen = collected();
  it('the fixtures and fault switches show problems, notes and refusals of many kinds', () => {
    const kinds = new Set(seen.map((p) => p.kind));
    expect(kinds.size).toBeGreaterThanOrEqual(10);
    for (const k of [
      'unterminated',
      'not_a_tool_turn',
      'failed',
      'stateless_only',
      'unknown_member',
      'tolerated_event',
    ])
      expect(kinds).toContain(k);
  });
  it.each(LANGS)('%s: every one rendered, no backtick; in Chinese no English sentence', (lang) => {
    for (const p of [...seen, ...Object.values(EXAMPLES)]) {
      const html = renderToStaticMarkup(createElement(TurnWords, { lang, params: p }));
      expect(html, JSON.stringify(p)).not.toContain('`');
      expect(visibleProse(html).trim().length, JSON.stringify(p)).toBeGreaterThan(0);
      if (lang === 'zh') expect(visibleProse(html), `${JSON.stringify(p)} → ${html}`).not.toMatch(ENGLISH);
    }
  });
  it("each detail is the core's English sentence of its params, and the English page says the same", () => {
    for (const p of Object.values(EXAMPLES)) {
      const html = renderToStaticMarkup(createElement(TurnWords, { lang: 'en', params: p }));
      expect(
        html
          .replace(/<[^>]+>/g, '')
          .replace(/&quot;/g, '"')
          .replace(/&amp;/g, '&')
          .replace(/&#x27;/g, "'"),
      ).toBe(describeTurnText(p));
    }
  });
  it.each(LANGS)("%s: each stopped turn's rule and story render without a backtick", (lang) => {
    for (const f of turnFixtures) {
      const d = decideTurn(assembleTurn(f.provider, f.stream), f.turn_context);
      if (d.kind !== 'stopped') continue;
      for (const p of d.problems) {
        for (const text of [PROBLEM_TEXT[lang].rule[p.code], withoutTheRule(lang, p)]) {
          const html = renderToStaticMarkup(createElement(CodeText, { text }));
          expect(html, text).not.toContain('`');
          if (lang === 'zh') expect(visibleProse(html), html).not.toMatch(ENGLISH);
        }
      }
    }
  });
});
