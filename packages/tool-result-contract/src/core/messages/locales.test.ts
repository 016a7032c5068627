/**
 * Every code with every params shape, in every locale: generated params of
 * every violation kind, every rule and every turn problem, note and refusal
 * render in English and in Chinese. No entry is missing (the arbitraries are
 * keyed by kind, so a new kind without one does not compile; the locales
 * switch without a default, so one without words does not either), English
 * has no CJK, and Chinese has no English sentence once code spans, quoted
 * values, identifiers, JSON Pointers and numbers are taken out.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { JsonValue } from '../json/index.ts';
import {
  describeParams,
  describeTurnText,
  en,
  RULES,
  segmentsText,
  type MessageLocale,
  type Segment,
  type TurnWordsParams,
  type ViolationParams,
  type ViolationParamsKind,
} from './index.ts';
import { zh } from './locales/zh.ts';
import type { Constraint } from './violationParams.ts';

const SEED = 29;
const LOCALES: readonly MessageLocale[] = [en, zh];

/** Every value of a string union, from a record that must name each one (a missing one does not compile). */
const all = <T extends string>(r: Readonly<Record<T, true>>): fc.Arbitrary<T> =>
  fc.constantFrom(...(Object.keys(r) as T[]));

const id = fc.stringMatching(/^[a-z][a-z0-9_.]{0,11}$/);
const code = fc.stringMatching(/^[A-Z][A-Z_]{1,14}$/);
const n = fc.nat({ max: 1_000_000 });
/** A free-text message: an English sentence the Chinese locale must never show outside a code span. */
const message = fc.constantFrom('the handler broke on purpose', 'Invalid input: expected object, received array');
const json: fc.Arbitrary<JsonValue> = fc.oneof(
  id,
  n,
  fc.boolean(),
  fc.constant(null),
  fc.constant('an English value with spaces'),
  fc.array(id, { maxLength: 2 }),
);
const orNull = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: null });
const end = fc.record({ type: id, status: orNull(id), reason: orNull(id) });

/** Every refinement a check can name (violationParams.ts `Constraint`), keyed by its name: a new one without an entry does not compile. */
const constraints: { [K in Constraint['constraint']]: fc.Arbitrary<Extract<Constraint, { constraint: K }>> } = {
  code_points: fc.record({ constraint: fc.constant('code_points'), min: n, max: n }),
  https_on_host: fc.record({
    constraint: fc.constant('https_on_host'),
    host: fc.constantFrom('kb.example.com', 'x.test'),
  }),
  rfc3339_utc: fc.constant({ constraint: 'rfc3339_utc' }),
  well_formed: fc.constant({ constraint: 'well_formed' }),
  no_control_characters: fc.constant({ constraint: 'no_control_characters' }),
  json_data: fc.constant({ constraint: 'json_data' }),
  base64: fc.constant({ constraint: 'base64' }),
  json_text_max: fc.record({ constraint: fc.constant('json_text_max'), max: n }),
};

const violations: { [K in ViolationParamsKind]: fc.Arbitrary<Extract<ViolationParams, { kind: K }>> } = {
  rule: fc.record({ kind: fc.constant('rule'), rule: fc.constantFrom(...RULES) }),
  schema: fc.record({
    kind: fc.constant('schema'),
    issue: fc.record(
      {
        code: fc.constantFrom(
          'invalid_type',
          'too_small',
          'too_big',
          'invalid_format',
          'invalid_value',
          'invalid_union',
          'custom',
          'unrecognized_keys',
        ),
        message,
        expected: id,
        minimum: n,
        maximum: n,
        inclusive: fc.boolean(),
        origin: fc.constantFrom('string', 'array', 'set', 'number'),
        format: fc.constantFrom('regex', 'email', 'datetime'),
        values: fc.array(json, { maxLength: 3 }),
        pattern: fc.constantFrom('/^KB-[0-9]{1,12}$/', '^(\\/[^/]*)*$'),
        constraint: fc.oneof(...Object.values(constraints)) as fc.Arbitrary<Constraint>,
      },
      { requiredKeys: ['code', 'message'] },
    ),
  }),
  unexpected_member: fc.record({ kind: fc.constant('unexpected_member'), member: id }),
  denied_key: fc.record({ kind: fc.constant('denied_key'), key: id, list: all({ credential: true, control: true }) }),
  audit_material: fc.record({ kind: fc.constant('audit_material'), length: n }),
  audit_material_in_name: fc.constant({ kind: 'audit_material_in_name' }),
  too_deep: fc.record({ kind: fc.constant('too_deep'), limit: n }),
  too_large: fc.record({ kind: fc.constant('too_large'), limit: n, size: orNull(n) }),
  too_many_items: fc.record({ kind: fc.constant('too_many_items'), member: id, count: n, limit: n, limitFrom: id }),
  echo_mismatch: fc.record({ kind: fc.constant('echo_mismatch'), member: id, input: id, expected: json }),
  no_list: fc.record({ kind: fc.constant('no_list'), tool: id }),
  expected_value: fc.record({
    kind: fc.constant('expected_value'),
    field: id,
    expected: json,
    source: all({ registry: true, catalog: true, trusted_context: true, dispatcher: true }),
  }),
  not_in_catalog: fc.record({ kind: fc.constant('not_in_catalog'), code: json }),
  dispatcher_only_code: fc.record({ kind: fc.constant('dispatcher_only_code'), code }),
  input_error_for_valid_call: fc.record({ kind: fc.constant('input_error_for_valid_call'), code }),
  retry_after_range: fc.record({ kind: fc.constant('retry_after_range'), code, min: n, max: n }),
  no_retry_after: fc.record({ kind: fc.constant('no_retry_after'), code, recovery: id }),
  digest_mismatch: fc.record({
    kind: fc.constant('digest_mismatch'),
    digest: all({ request_sha256: true, result_sha256: true, call_binding_sha256: true }),
    recomputable: fc.boolean(),
  }),
  unregistered_adapter: fc.record({
    kind: fc.constant('unregistered_adapter'),
    provider: id,
    api_family: id,
    adapter_revision: id,
  }),
  not_json: fc.record({
    kind: fc.constant('not_json'),
    reason: all<Extract<ViolationParams, { kind: 'not_json' }>['reason']>({
      UNDEFINED: true,
      FUNCTION: true,
      SYMBOL: true,
      BIGINT: true,
      NON_FINITE_NUMBER: true,
      LONE_SURROGATE: true,
      SPARSE_ARRAY: true,
      NON_PLAIN_OBJECT: true,
      ACCESSOR_PROPERTY: true,
      SYMBOL_KEY: true,
      CYCLE: true,
      TOO_DEEP: true,
      TOO_LARGE: true,
      UNREADABLE: true,
    }),
    message,
  }),
  context_invalid: fc.record(
    {
      kind: fc.constant('context_invalid'),
      message,
      issue: fc.oneof(
        fc.record({ kind: fc.constant('unexpected_member'), member: id }),
        fc.record({ kind: fc.constant('rule'), rule: fc.constantFrom(...RULES) }),
      ) as fc.Arbitrary<ViolationParams>,
    },
    { requiredKeys: ['kind', 'message'] },
  ),
  mcp_message_too_large: fc.record({ kind: fc.constant('mcp_message_too_large'), limit: n }),
  mcp_not_json: fc.record({
    kind: fc.constant('mcp_not_json'),
    reason: all<Extract<ViolationParams, { kind: 'mcp_not_json' }>['reason']>({
      TOO_LARGE: true,
      TOO_DEEP: true,
      SYNTAX: true,
      DUPLICATE_KEY: true,
      LONE_SURROGATE: true,
      INTEGER_RANGE: true,
      NUMBER_RANGE: true,
      INVALID_ESCAPE: true,
      CONTROL_CHARACTER: true,
      NOT_JSON_VALUE: true,
      NOT_UTF8: true,
    }),
  }),
  mcp_not_final: fc.record({ kind: fc.constant('mcp_not_final'), resultType: id }),
  mcp_definition: fc.record({
    kind: fc.constant('mcp_definition'),
    tool: id,
    state: all({ changed: true, not_listed: true, no_pin: true }),
  }),
  internal: fc.record({ kind: fc.constant('internal'), message }),
};

type TurnKind = TurnWordsParams['kind'];
const k = <K extends TurnKind>(kind: K) => fc.constant(kind);
const turns: { [K in TurnKind]: fc.Arbitrary<Extract<TurnWordsParams, { kind: K }>> } = {
  not_an_event: fc.record({
    kind: k('not_an_event'),
    found: all({ null: true, array: true, string: true, number: true, boolean: true, other: true }),
  }),
  not_json_data: fc.record({
    kind: k('not_json_data'),
    fault: all({
      non_finite_number: true,
      too_deep: true,
      not_plain_object: true,
      function: true,
      bigint: true,
      symbol: true,
      undefined: true,
    }),
  }),
  no_type: fc.record({ kind: k('no_type'), member: all({ type: true, event_type: true }) }),
  sse_name: fc.record({ kind: k('sse_name'), sse_event: id, type: id }),
  after_terminal: fc.record({ kind: k('after_terminal'), type: id, terminal_at: n }),
  first_event: fc.record({ kind: k('first_event'), type: id, expected: id }),
  only_first: fc.record({ kind: k('only_first'), type: fc.oneof(id, fc.constant('interaction.created')) }),
  no_id: fc.record({ kind: k('no_id'), type: id }),
  malformed: fc.record({ kind: k('malformed'), type: id, members: fc.array(id, { minLength: 1, maxLength: 3 }) }),
  opened_twice: fc.record({ kind: k('opened_twice'), type: id, index: n }),
  not_open: fc.record({ kind: k('not_open'), type: id, index: json }),
  item_mismatch: fc.record({ kind: k('item_mismatch'), type: id, item_id: json, expected: orNull(id), index: n }),
  arguments_closed: fc.record({ kind: k('arguments_closed'), type: id, item_id: orNull(id) }),
  call_without_id: fc.record({ kind: k('call_without_id'), item_type: id, index: n }),
  two_sources: fc.record({ kind: k('two_sources'), call_id: id }),
  delta_kind: fc.record({ kind: k('delta_kind'), delta: id, block: id, index: n }),
  fragment_type: fc.record({ kind: k('fragment_type'), type: id, call_id: id }),
  done_not_added: fc.record({ kind: k('done_not_added'), index: n }),
  after_message_delta: fc.constant({ kind: 'after_message_delta' }),
  open_at_end: fc.record({ kind: k('open_at_end'), id, end }),
  block_open_at_end: fc.record({ kind: k('block_open_at_end'), block: id, index: n, stop_reason: id }),
  open_across_hop: fc.record({ kind: k('open_across_hop'), call_id: id }),
  other_interaction: fc.record({ kind: k('other_interaction'), id, response_id: orNull(id) }),
  after_continuation: fc.record({ kind: k('after_continuation'), type: id }),
  below_message_start: fc.record({ kind: k('below_message_start'), index: n, given: n }),
  sequence: fc.record({ kind: k('sequence'), type: id, value: json, previous: orNull(n) }),
  sequence_mixed: fc.record({ kind: k('sequence_mixed'), type: id, carried: fc.boolean() }),
  tools_without_call: fc.record({ kind: k('tools_without_call'), end }),
  unterminated: fc.record({ kind: k('unterminated'), events: n }),
  failed: fc.record({ kind: k('failed'), end, code: orNull(code), message: orNull(message) }),
  not_a_tool_turn: fc.record({ kind: k('not_a_tool_turn'), calls: n, end }),
  arguments_disagree: fc.record({
    kind: k('arguments_disagree'),
    call_id: id,
    source: all({ arguments_done: true, done_item: true, completed_response: true, opening_item: true }),
    says: json,
    fragments: fc.boolean(),
    text: fc.constantFrom('{"a":1', 'an English text'),
  }),
  name_disagree: fc.record({ kind: k('name_disagree'), call_id: id, done: json, item: id }),
  call_id_disagree: fc.record({ kind: k('call_id_disagree'), index: n, found: json, expected: id }),
  unopened_call: fc.record({ kind: k('unopened_call'), call_id: json }),
  duplicate_call_id: fc.record({ kind: k('duplicate_call_id'), call_id: id }),
  unsupported_call: fc.record({ kind: k('unsupported_call'), item_type: id, index: n }),
  unknown_event: fc.record({ kind: k('unknown_event'), type: id }),
  unknown_member: fc.record({ kind: k('unknown_member'), member: id, type: id }),
  tolerated_event: fc.record({ kind: k('tolerated_event'), type: id }),
  unknown_delta: fc.record({ kind: k('unknown_delta'), delta: id }),
  no_sequence_numbers: fc.constant({ kind: 'no_sequence_numbers' }),
  handler_output_unused: fc.record({ kind: k('handler_output_unused'), call_id: id }),
  other_provider: fc.record({ kind: k('other_provider'), assembled: id, asked: id }),
  turn_problems: fc.record({ kind: k('turn_problems'), codes: fc.array(code, { minLength: 1, maxLength: 3 }) }),
  ended_without_calls: fc.record({ kind: k('ended_without_calls'), end }),
  no_tool_request: fc.record({ kind: k('no_tool_request'), end: orNull(end) }),
  unknown_mode: fc.record({ kind: k('unknown_mode'), mode: json }),
  history_not_list: fc.constant({ kind: 'history_not_list' }),
  stateless_only: fc.constant({ kind: 'stateless_only' }),
  no_stored_interaction: fc.constant({ kind: 'no_stored_interaction' }),
  other_response: fc.record({ kind: k('other_response'), call_id: id, bound: id, expected: id }),
  pairing: fc.record({
    kind: k('pairing'),
    problems: fc.array(
      fc.record({
        code: all({
          MISSING_RESULT: true,
          DUPLICATE_CALL_ID: true,
          DUPLICATE_RESULT: true,
          UNKNOWN_CALL_ID: true,
          PROVIDER_MISMATCH: true,
          TOOL_MISMATCH: true,
          MALFORMED_CALL: true,
        }),
        call_id: id,
      }),
      { minLength: 1, maxLength: 3 },
    ),
  }),
  text_before_result: fc.constant({ kind: 'text_before_result' }),
  result_invalid: fc.record({ kind: k('result_invalid'), call_id: id, codes: fc.array(code, { maxLength: 3 }) }),
  internal: fc.record({ kind: k('internal'), message }),
  no_context_entry: fc.record({ kind: k('no_context_entry'), call_id: id }),
  needs_response_ref: fc.record({ kind: k('needs_response_ref'), call_id: id }),
  context_invalid: fc.record({
    kind: k('context_invalid'),
    call_id: id,
    issues: fc.array(
      fc.record(
        {
          path: fc.constantFrom('', '/principal', '/call/call_id'),
          message,
          params: fc.oneof(violations.schema, violations.unexpected_member) as fc.Arbitrary<ViolationParams>,
        },
        { requiredKeys: ['path', 'message'] },
      ),
      {
        minLength: 1,
        maxLength: 3,
      },
    ),
  }),
  problems_before_gate: fc.record({
    kind: k('problems_before_gate'),
    codes: fc.array(code, { minLength: 1, maxLength: 3 }),
  }),
  no_handler_output: fc.record({ kind: k('no_handler_output'), call_id: id, tool: id }),
  stream_text: fc.record({ kind: k('stream_text'), line: n, column: n, code }),
};

const CJK = /[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]/;
/** A run of three or more ASCII words: English prose. */
const SENTENCE = /\b[A-Za-z]{2,}(?:[ \t]+[A-Za-z]{2,}){2,}\b/;

/** The string values a params object names (identifiers, members), longest first; free-text messages stay. */
function named(p: unknown, key = ''): string[] {
  if (typeof p === 'string') return key === 'message' ? [] : [p];
  if (Array.isArray(p)) return p.flatMap((x) => named(x, key));
  if (p !== null && typeof p === 'object') return Object.entries(p).flatMap(([k, v]) => named(v, k));
  return [];
}

/** The prose a reader sees, without what is not prose: code spans, quoted values, the names the params give, identifiers, pointers, numbers. */
function prose(text: string | readonly Segment[], p: unknown): string {
  let s = typeof text === 'string' ? text : text.map((x) => (typeof x === 'string' ? x : ' ⟨⟩ ')).join('');
  s = s.replace(/「[^」]*」/g, ' ⟨⟩ ');
  for (const name of named(p).sort((a, b) => b.length - a.length)) if (name.length > 0) s = s.split(name).join(' ⟨⟩ ');
  return s
    .replace(/"[^"]*"/g, ' ')
    .replace(/(?:^|\s)\/[\w~./-]*/g, ' ')
    .replace(/\b[A-Za-z][\w]*[_.:-][\w.:-]*\b/g, ' ')
    .replace(/\b[A-Z][A-Z0-9]+\b/g, ' ')
    .replace(/\b[a-z]+[A-Z]\w*\b/g, ' ')
    .replace(/\d+/g, ' ');
}

function check(p: unknown, render: (l: MessageLocale) => string | Segment[]): void {
  for (const l of LOCALES) {
    const out = render(l);
    const flat = typeof out === 'string' ? out : segmentsText(out);
    const where = `${l.lang} ${JSON.stringify(p)} → ${flat}`;
    expect(flat.trim().length, where).toBeGreaterThan(0);
    expect(flat, where).not.toContain('[object Object]');
    if (!JSON.stringify(p).includes('undefined')) expect(flat, where).not.toMatch(/\bundefined\b|\bNaN\b/);
    if (l.lang === 'en') expect(flat, where).not.toMatch(CJK);
    else expect(prose(out, p), where).not.toMatch(SENTENCE);
  }
}

describe('every code with every params shape, in both locales', () => {
  it.each(Object.keys(violations) as ViolationParamsKind[])('violation %s', (kind) => {
    fc.assert(
      fc.property(violations[kind] as fc.Arbitrary<ViolationParams>, (p) => check(p, (l) => l.violation(p))),
      { seed: SEED, numRuns: 60 },
    );
  });
  it.each(Object.keys(turns) as TurnKind[])('turn words %s', (kind) => {
    fc.assert(
      fc.property(turns[kind] as fc.Arbitrary<TurnWordsParams>, (p) => check(p, (l) => l.turn(p))),
      { seed: SEED, numRuns: 60 },
    );
  });
  it('the heuristic sees English: it finds a sentence in the English text of nearly every kind', () => {
    const sample = <T>(a: fc.Arbitrary<T>): T[] => fc.sample(a, { seed: SEED, numRuns: 1 });
    const texts = [
      ...Object.values(violations).flatMap((a) =>
        sample(a as fc.Arbitrary<ViolationParams>).map((p) => prose(en.violation(p), p)),
      ),
      ...Object.values(turns).flatMap((a) =>
        sample(a as fc.Arbitrary<TurnWordsParams>).map((p) => prose(en.turn(p), p)),
      ),
    ];
    const flagged = texts.filter((t) => SENTENCE.test(t));
    expect(flagged.length / texts.length).toBeGreaterThan(0.8);
  });
  it("a refinement's specifics reach the Chinese: each constraint has its own words, with its host and limits", () => {
    const said = (c: Constraint) =>
      zh.violation({ kind: 'schema', issue: { code: 'custom', message: 'must be checked', constraint: c } });
    const texts = Object.values(constraints).map((a) =>
      said(fc.sample(a as fc.Arbitrary<Constraint>, { seed: SEED, numRuns: 1 })[0] as Constraint),
    );
    expect(new Set(texts).size).toBe(texts.length);
    expect(texts).not.toContain('不符合约束');
    expect(said({ constraint: 'https_on_host', host: 'kb.example.com' })).toContain('kb.example.com');
    expect(said({ constraint: 'code_points', min: 1, max: 200 })).toContain('1–200');
    expect(
      zh.violation({
        kind: 'schema',
        issue: { code: 'invalid_format', format: 'regex', pattern: '^KB-[0-9]{1,12}$', message: 'must match' },
      }),
    ).toContain('^KB-[0-9]{1,12}$');
    // An engineer's own refinement names no constraint: the Chinese says only that it failed, never the English.
    expect(zh.violation({ kind: 'schema', issue: { code: 'custom', message: 'must be prime' } })).toBe('不符合约束');
  });
  it("a trusted context's issues are said in Chinese from their params, each at its pointer", () => {
    const text = segmentsText(
      zh.turn({
        kind: 'context_invalid',
        call_id: 'call_1',
        issues: [
          {
            path: '/now',
            message: 'now must be UTC RFC 3339 with Z',
            params: {
              kind: 'schema',
              issue: { code: 'custom', message: 'x', constraint: { constraint: 'rfc3339_utc' } },
            },
          },
          { path: '/x', message: 'Unrecognized key: "x"', params: { kind: 'unexpected_member', member: 'x' } },
        ],
      }),
    );
    expect(text).toContain('/now：必须是以 Z 结尾的 UTC RFC 3339 时间');
    expect(text).toContain('/x：多出的成员');
  });
  it("a bad trusted context's violation says what is wrong there in Chinese, not only that the context is invalid", () => {
    const issue: ViolationParams = {
      kind: 'schema',
      issue: { code: 'custom', message: 'now must be UTC RFC 3339 with Z', constraint: { constraint: 'rfc3339_utc' } },
    };
    expect(zh.violation({ kind: 'context_invalid', message: 'now must be UTC RFC 3339 with Z', issue })).toBe(
      '可信上下文本身无效：必须是以 Z 结尾的 UTC RFC 3339 时间，例如 2026-07-19T00:00:00Z',
    );
  });
  it('every rule has its own text in each language', () => {
    for (const l of LOCALES) {
      const texts = RULES.map((rule) => l.violation({ kind: 'rule', rule }));
      expect(new Set(texts).size, l.lang).toBe(RULES.length);
    }
  });
  it('the Chinese locale never answers with the English sentence', () => {
    fc.assert(
      fc.property(fc.oneof(...Object.values(violations)) as fc.Arbitrary<ViolationParams>, (p) => {
        expect(zh.violation(p)).not.toBe(en.violation(p));
      }),
      { seed: SEED, numRuns: 300 },
    );
  });
  it("the core's English describers are the English locale's text", () => {
    fc.assert(
      fc.property(fc.oneof(...Object.values(violations)) as fc.Arbitrary<ViolationParams>, (p) => {
        expect(describeParams(p)).toBe(en.violation(p));
      }),
      { seed: SEED, numRuns: 100 },
    );
    fc.assert(
      fc.property(fc.oneof(...Object.values(turns)) as fc.Arbitrary<TurnWordsParams>, (p) => {
        expect(describeTurnText(p)).toBe(segmentsText(en.turn(p)));
      }),
      { seed: SEED, numRuns: 100 },
    );
  });
});
