/**
 * Reconciling what the model saw with what the plane recorded
 * (docs/audit-log.md#reconcile). The audit log says which result each call
 * got; the request bodies that were sent say what the model read. Each tool
 * result in a body is read back from its text, matched to its entry by call
 * id (and response id where the body names one), and its digest recomputed:
 * a result the log does not know, one that differs from what the log bound,
 * one call answered two ways, audit material in a text, and an entry no body
 * carried are each a finding. Never throws: the bodies are evidence under
 * suspicion, read as data.
 */
import { canonicalize, constantTimeEqual, parseStrictJson } from '../core/json/index.ts';
import { auditValuesOf, resultDigest, type Package, type TrustedContext } from '../core/result/index.ts';
import type { AuditKey } from './auditLink.ts';

/**
 * docs/audit-log.md#finding-codes: the set is closed, so a caller can switch on it.
 *
 * @example
 * ```ts
 * const tally = Object.fromEntries(FINDING_CODES.map((code) => [code, 0]));
 * ```
 */
export const FINDING_CODES = [
  'UNAUDITED_RESULT',
  'RESULT_DIGEST_MISMATCH',
  'DELIVERED_TWICE',
  'AUDIT_LEAK',
  'UNDELIVERED',
  'UNREADABLE_REQUEST',
  'UNREADABLE_RESULT',
  'UNREADABLE_ENTRY',
  'KEY_MALFORMED',
] as const;
export type FindingCode = (typeof FINDING_CODES)[number];

export interface Finding {
  code: FindingCode;
  /** The index of the request body in `requests`; null for a finding about an entry or the input itself. */
  request: number | null;
  call_id: string | null;
  /** The entry concerned (for AUDIT_LEAK: the entry whose value leaked); null when there is none. */
  seq: number | null;
}

export interface Reconciliation {
  /** True when every finding is UNDELIVERED: a call whose result was never sent is reported, not a failure. */
  ok: boolean;
  findings: Finding[];
}

export interface ReconcileInput {
  requests: readonly unknown[];
  entries: readonly unknown[];
  key?: AuditKey;
}

type Provider = 'openai' | 'anthropic' | 'gemini';

/** What reconciliation needs of an entry: its call's identity, its result digest, its audit values. */
interface EntryFacts {
  seq: number;
  provider: string;
  call_id: string;
  response_id: string;
  result_sha256: string;
  carried: boolean;
}

/** One tool result found in a body. */
interface Delivered {
  provider: Provider;
  call_id: string | null;
  response_id: string | null;
  /** Its model_result text; null when the item holds no single text. */
  text: string | null;
  /** Every string the item's content holds: what the model read, searched for audit values even when unreadable. */
  texts: string[];
}

const SECRET = /^(?:[0-9a-fA-F]{2}){32,}$/;
/** The core's threshold for the same rule (docs/audit-log.md#audit-values): shorter values match ordinary text by chance. */
const MIN_AUDIT_VALUE = 8;
// An entry carries no raw principal (only its reference), so the tenant and subject members of the core's list are
// empty here, and the length threshold drops them.
const NO_RAW_PRINCIPAL = { principal: { tenant: '', subject: '' } } as TrustedContext;

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const str = (x: unknown): string | null => (typeof x === 'string' ? x : null);

function readEntry(x: unknown): { facts: EntryFacts; values: string[] } | null {
  try {
    return readEntryFacts(x);
  } catch {
    return null;
  }
}

function readEntryFacts(x: unknown): { facts: EntryFacts; values: string[] } | null {
  if (!isRecord(x) || typeof x.seq !== 'number' || !Number.isSafeInteger(x.seq)) return null;
  const pa = x.protected_audit;
  if (!isRecord(pa) || !isRecord(pa.provider_context) || !isRecord(pa.binding) || !isRecord(pa.operation)) return null;
  if (!isRecord(pa.downstream)) return null;
  const pc = pa.provider_context;
  const provider = str(pc.provider);
  const call_id = str(pc.call_id);
  const response_id = str(pc.response_id);
  const result_sha256 = str(pa.binding.result_sha256);
  if (provider === null || call_id === null || response_id === null || result_sha256 === null) return null;
  // The core's own list (principal reference, ids, key, digests, downstream refs), plus the call id, which the list
  // leaves out only because a provider item names its call outside the text; and the entry's link, audit material too.
  const listed = auditValuesOf({ protected_audit: pa } as unknown as Package, NO_RAW_PRINCIPAL);
  const values = [...listed, call_id, x.chain_sha256].filter(
    (v): v is string => typeof v === 'string' && v.length >= MIN_AUDIT_VALUE,
  );
  return { facts: { seq: x.seq, provider, call_id, response_id, result_sha256, carried: false }, values };
}

/** The single text a tool result holds: a string, or one text part (the form the adapters emit). */
function singleText(content: unknown, partType: string): string | null {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content) || content.length !== 1) return null;
  const [part] = content as unknown[];
  return isRecord(part) && part.type === partType ? str(part.text) : null;
}

/** Every string inside a value, to a bounded depth: a body is JSON data, but one under suspicion. */
function stringsIn(x: unknown, depth = 0, out: string[] = []): string[] {
  if (typeof x === 'string') out.push(x);
  else if (depth < 16 && typeof x === 'object' && x !== null)
    for (const v of Object.values(x as Record<string, unknown>)) stringsIn(v, depth + 1, out);
  return out;
}

function delivered(
  provider: Provider,
  call_id: unknown,
  response_id: unknown,
  content: unknown,
  part: string,
): Delivered {
  return {
    provider,
    call_id: str(call_id),
    response_id: str(response_id),
    text: singleText(content, part),
    texts: stringsIn(content),
  };
}

/** Every tool result of one body, or null when the body is not a provider request at all. */
function resultsOf(body: unknown): Delivered[] | null {
  if (!isRecord(body)) return null;
  const { input, messages, previous_response_id, previous_interaction_id } = body;
  if (input === undefined && messages === undefined) return null;
  if (input !== undefined && !Array.isArray(input) && typeof input !== 'string') return null;
  if (messages !== undefined && !Array.isArray(messages)) return null;
  if (previous_response_id !== undefined && previous_response_id !== null && typeof previous_response_id !== 'string')
    return null;
  if (previous_interaction_id !== undefined && typeof previous_interaction_id !== 'string') return null;
  const out: Delivered[] = [];
  for (const item of Array.isArray(input) ? (input as unknown[]) : []) {
    if (!isRecord(item)) continue;
    if (item.type === 'function_call_output')
      out.push(delivered('openai', item.call_id, previous_response_id, item.output, 'input_text'));
    else if (item.type === 'function_result')
      out.push(delivered('gemini', item.call_id, previous_interaction_id, item.result, 'text'));
  }
  // The Messages API keeps no state: an Anthropic body never names the response its results answer. OpenAI's Chat
  // Completions, the default of frameworks' OpenAI models (LangChain's ChatOpenAI), carries a result as a `tool`
  // message; unread, its calls were UNDELIVERED and a body that showed the model anything reconciled as ok.
  for (const message of Array.isArray(messages) ? (messages as unknown[]) : []) {
    if (isRecord(message) && message.role === 'tool')
      out.push(delivered('openai', message.tool_call_id, null, message.content, 'text'));
    if (!isRecord(message) || !Array.isArray(message.content)) continue;
    for (const block of message.content as unknown[]) {
      if (isRecord(block) && block.type === 'tool_result')
        out.push(delivered('anthropic', block.tool_use_id, null, block.content, 'text'));
    }
  }
  return out;
}

/** Escaped for a regular expression that matches any of the values literally. */
const literal = (s: string): string => s.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');

interface LeakIndex {
  /** Which entries' values a text holds, by seq, in log order. */
  seqsIn(text: string): number[];
}

/**
 * One expression over every value, so a clean text (the usual case) is scanned once; which values, only on a hit.
 * A value many entries share (one principal's reference) names the first entry that holds it, not every one.
 */
function leakIndex(all: { value: string; seq: number }[]): LeakIndex {
  const first = new Map<string, number>();
  for (const p of all) if (!first.has(p.value)) first.set(p.value, p.seq);
  const pairs = [...first].map(([value, seq]) => ({ value, seq }));
  if (pairs.length === 0) return { seqsIn: () => [] };
  const any = new RegExp(pairs.map((p) => literal(p.value)).join('|'));
  return {
    seqsIn(text) {
      if (!any.test(text)) return [];
      return [...new Set(pairs.filter((p) => text.includes(p.value)).map((p) => p.seq))];
    },
  };
}

function keyIsUsable(key: unknown): boolean {
  if (key === undefined) return true;
  return isRecord(key) && typeof key.id === 'string' && typeof key.secret === 'string' && SECRET.test(key.secret);
}

/**
 * docs/audit-log.md#reconcile. Never throws.
 *
 * @example
 * ```ts
 * const reconciled = reconcileTranscript({ requests: requestBodies, entries: await plane.auditEntries() });
 * for (const f of reconciled.findings) console.error(f.code, f.call_id); // e.g. DELIVERED_TWICE
 * ```
 */
export function reconcileTranscript(input: ReconcileInput): Reconciliation {
  const findings: Finding[] = [];
  try {
    reconcile(isRecord(input) ? input : {}, findings);
  } catch {
    // Defence in depth: input that throws when read (a getter, a proxy) is unreadable, not a crash.
    findings.push({ code: 'UNREADABLE_REQUEST', request: null, call_id: null, seq: null });
  }
  return { ok: findings.every((f) => f.code === 'UNDELIVERED'), findings };
}

function reconcile(input: Partial<ReconcileInput>, findings: Finding[]): void {
  const { requests, entries, key } = input;
  const note = (code: FindingCode, request: number | null, call_id: string | null, seq: number | null) =>
    findings.push({ code, request, call_id, seq });
  if (!keyIsUsable(key)) {
    note('KEY_MALFORMED', null, null, null);
    return;
  }
  if (!Array.isArray(requests)) note('UNREADABLE_REQUEST', null, null, null);
  if (!Array.isArray(entries)) note('UNREADABLE_ENTRY', null, null, null);

  const facts: EntryFacts[] = [];
  const leakPairs: { value: string; seq: number }[] = [];
  for (const x of Array.isArray(entries) ? (entries as unknown[]) : []) {
    const read = readEntry(x);
    if (read === null) {
      const seq = isRecord(x) && typeof x.seq === 'number' ? x.seq : null;
      note('UNREADABLE_ENTRY', null, null, seq);
      continue;
    }
    facts.push(read.facts);
    for (const value of read.values) leakPairs.push({ value, seq: read.facts.seq });
  }
  const leaks = leakIndex(leakPairs);
  const byCall = new Map<string, EntryFacts[]>();
  const callKey = (provider: string, call_id: string) => `${provider}\u0000${call_id}`;
  for (const f of facts) {
    const k = callKey(f.provider, f.call_id);
    byCall.set(k, [...(byCall.get(k) ?? []), f]);
  }
  // Earlier deliveries per call, to find one call answered two ways. A stateless body sends the earlier turns again:
  // the same result twice is that history, not a finding.
  const seen = new Map<string, { response_id: string | null; canonical: string }[]>();

  (Array.isArray(requests) ? (requests as unknown[]) : []).forEach((body, i) => {
    const results = resultsOf(body);
    if (results === null) {
      note('UNREADABLE_REQUEST', i, null, null);
      return;
    }
    for (const d of results) {
      for (const text of d.texts) for (const seq of leaks.seqsIn(text)) note('AUDIT_LEAK', i, d.call_id, seq);
      if (d.call_id === null) {
        note('UNREADABLE_RESULT', i, null, null);
        continue;
      }
      const k = callKey(d.provider, d.call_id);
      const candidates = (byCall.get(k) ?? []).filter((f) => d.response_id === null || f.response_id === d.response_id);
      // The call was carried, whatever the model was given for it: a wrong answer is its own finding.
      for (const f of candidates) f.carried = true;
      const last = candidates.at(-1)?.seq ?? null;
      const parsed = d.text === null ? null : parseStrictJson(d.text);
      if (parsed === null || !parsed.ok) {
        note('UNREADABLE_RESULT', i, d.call_id, last);
        continue;
      }
      // The digest binds the model_result, not its spelling: the adapters send the canonical text, and a text that
      // differs only in layout still gave the model the same value.
      const digest = resultDigest(parsed.value, key);
      const match = candidates.find((f) => constantTimeEqual(f.result_sha256, digest));
      if (candidates.length === 0) note('UNAUDITED_RESULT', i, d.call_id, null);
      else if (match === undefined) note('RESULT_DIGEST_MISMATCH', i, d.call_id, last);
      const canonical = canonicalize(parsed.value);
      const before = seen.get(k) ?? [];
      // Two response ids, both known and different, are two calls that share an id, not one call answered twice.
      const sameCall = (b: { response_id: string | null }) =>
        b.response_id === null || d.response_id === null || b.response_id === d.response_id;
      if (before.some((b) => sameCall(b) && b.canonical !== canonical))
        note('DELIVERED_TWICE', i, d.call_id, match?.seq ?? last);
      if (!before.some((b) => b.response_id === d.response_id && b.canonical === canonical))
        seen.set(k, [...before, { response_id: d.response_id, canonical }]);
    }
  });
  for (const f of facts) if (!f.carried) note('UNDELIVERED', null, f.call_id, f.seq);
}
