/**
 * Argument provenance (docs/argument-provenance.md): where a sensitive
 * argument's value first reached the model. The plane notes, per
 * conversation, keyed digests of every value the model read inside a
 * result's data (untrusted, whatever the tool) and of the values the caller
 * marks trusted (the user's own request, the principal's records). A call
 * whose runtime names the argument in `trusted_arguments`, and whose value
 * was seen only in untrusted data, is held for a person, the preview naming
 * the argument and the call whose result carried it. This is the
 * re-authorization of the next action: an injected IBAN stays data, and the
 * payment it asks for does not run on the model's word alone.
 *
 * Nothing raw is kept: only digests (HMAC-SHA-256 under the plane's key in
 * keyed mode) of normalized values, so that a store leak does not hand out
 * what the model read.
 */
import { H } from '../core/result/index.ts';
import type { AuditKey } from './auditLink.ts';
import type { SeenValue } from './store.ts';

const PURPOSE = 'tool-argument-provenance/v1';

/** Shorter values are never held: "to", "the", a two-digit amount are everywhere, and would hold every call. */
export const MIN_VALUE_LENGTH = 4;
/** Tokens joined into one value (a spaced IBAN is 5 to 9 groups), and the longest such join. */
const MAX_JOINED_TOKENS = 9;
const MAX_JOINED_LENGTH = 64;

/** A sensitive argument held for a person, and the call whose result first carried its value. */
export interface HeldArgument {
  argument: string;
  seen_in: { tool: string; operation_id: string };
}

/**
 * The form two spellings of one value share: NFKC (full-width letters, ligatures), lower case, without white space,
 * hyphens, dashes and format characters (zero-width spaces), and without punctuation at either end (a sentence's full
 * stop after an IBAN). `US13 3000-0000 …` and `us133000000…` are one value; a Cyrillic "а" for a Latin "a" is not.
 *
 * @example
 * ```ts
 * normalizeValue('US13 3000-0000 0000.') === normalizeValue('us13300000000000'); // true: one value
 * ```
 */
export function normalizeValue(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s\p{Cf}\p{Pd}]+/gu, '')
    .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
}

const digestOf = (normalized: string, key: AuditKey): string => H(PURPOSE, { value: normalized }, key);

/** The digest an argument's value is looked up by; null for a value too short to hold or not a string or number. */
export function argumentDigest(value: unknown, key: AuditKey): string | null {
  const text =
    typeof value === 'string' ? value : typeof value === 'number' && Number.isFinite(value) ? String(value) : null;
  if (text === null) return null;
  const n = normalizeValue(text);
  return n.length < MIN_VALUE_LENGTH ? null : digestOf(n, key);
}

/** Splits a text where a value inside prose ends: white space, and the punctuation that does not occur inside one. */
const WORDS = /\s+/u;
const PIECES = /[\s,;:!?"'`()<>[\]{}=|*«»“”‘’]+/u;

/**
 * Every normalized value a text may hand the model: the whole text, each word, each piece between punctuation
 * (`IBAN:UK12…`), and each run of up to nine consecutive words joined (`DE89 3704 0044 …`) while the join stays
 * short enough to be one value.
 */
export function valuesIn(text: string, into: Set<string>): void {
  const add = (raw: string) => {
    const n = normalizeValue(raw);
    if (n.length >= MIN_VALUE_LENGTH) into.add(n);
  };
  add(text);
  for (const piece of text.split(PIECES)) add(piece);
  const words = text
    .split(WORDS)
    .map(normalizeValue)
    .filter((w) => w.length > 0);
  for (let i = 0; i < words.length; i++) {
    let joined = words[i] as string;
    if (joined.length >= MIN_VALUE_LENGTH) into.add(joined);
    for (let j = i + 1; j < Math.min(words.length, i + MAX_JOINED_TOKENS); j++) {
      joined += words[j] as string;
      if (joined.length > MAX_JOINED_LENGTH) break;
      if (joined.length >= MIN_VALUE_LENGTH) into.add(joined);
    }
  }
}

/** Every string and number in plain data (a result's `data` is canonical JSON: no cycles, no accessors). */
function collect(data: unknown, into: Set<string>): void {
  const stack: unknown[] = [data];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === 'string') valuesIn(v, into);
    else if (typeof v === 'number' && Number.isFinite(v)) valuesIn(String(v), into);
    else if (Array.isArray(v)) for (const item of v) stack.push(item);
    else if (typeof v === 'object' && v !== null) for (const item of Object.values(v)) stack.push(item);
  }
}

/** The digests of every value in `data`, each once. */
export function digestsOf(data: unknown, key: AuditKey): string[] {
  const values = new Set<string>();
  collect(data, values);
  return Array.from(values, (n) => digestOf(n, key));
}

/**
 * The runtime's sensitive arguments whose values the conversation saw in untrusted data and never as trusted,
 * each with the first call that carried it. `seen` is what the store answered for the arguments' digests.
 */
export function heldArguments(
  names: readonly string[],
  args: unknown,
  key: AuditKey,
  seen: readonly SeenValue[],
): HeldArgument[] {
  const held: HeldArgument[] = [];
  for (const argument of names) {
    const digest = argumentDigest(member(args, argument), key);
    if (digest === null) continue;
    const mine = seen.filter((v) => v.digest === digest);
    if (mine.some((v) => v.trust === 'trusted')) continue;
    const first = mine.find((v) => v.trust === 'untrusted' && v.tool !== null && v.operation_id !== null);
    if (first !== undefined)
      held.push({ argument, seen_in: { tool: first.tool as string, operation_id: first.operation_id as string } });
  }
  return held;
}

/** The digests a call's sensitive arguments are looked up by. */
export function argumentDigests(names: readonly string[], args: unknown, key: AuditKey): string[] {
  const out: string[] = [];
  for (const name of names) {
    const d = argumentDigest(member(args, name), key);
    if (d !== null) out.push(d);
  }
  return out;
}

/** A top-level argument, own members only: an inherited one is not an argument the model gave. */
const member = (args: unknown, name: string): unknown =>
  typeof args === 'object' && args !== null && Object.hasOwn(args, name)
    ? (args as Record<string, unknown>)[name]
    : undefined;
