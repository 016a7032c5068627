/**
 * The trusted-context form as data. The form edits a flat draft of strings
 * (so a half-typed value is never lost); `contextFromDraft` turns it into a
 * TrustedContext through the core's own `parseTrustedContext`, and maps every
 * issue back to the field that caused it. Pure: no DOM, no React.
 */
import { DEMO_AUDIT_KEY } from '../lessons/demoKey.ts';
import { z } from 'zod/mini';
import { PROVIDER_ADAPTERS, findAdapter, type ViolationParams } from '#lib/core/tables/index.ts';
import { parseStrictJson, type JsonParseError } from '#lib/core/json/index.ts';
import { parseTrustedContext, type TrustedContext } from '#lib/core/result/index.ts';

export type DigestMode = 'sha256' | 'hmac-sha256';

/**
 * The form's fields, listed once: each with the pointer of what it edits in the
 * TrustedContext (src/core/result/trustedContext.ts). The draft's type, its schema
 * (for saved work and share links), the field order, the mapping from an
 * issue's path to its field, and the conversions both ways are derived from it.
 */
const FIELD_POINTERS = {
  tenant: '/principal/tenant',
  subject: '/principal/subject',
  provider: '/call/provider',
  api_family: '/call/api_family',
  adapter_revision: '/call/adapter_revision',
  response_id: '/call/response_id',
  call_id: '/call/call_id',
  operation_id: '/call/operation_id',
  idempotency_key: '/call/idempotency_key',
  tool: '/tool',
  /** The call's arguments as JSON text, parsed strictly like every user text. */
  arguments_text: '/arguments',
  delivery: '/delivery',
  now: '/now',
  /** sha256 or hmac-sha256: whether the context has a key. */
  digest: '/key',
  key_id: '/key/id',
  /** Hex, at least 32 bytes. */
  key_secret: '/key/secret',
} as const;

export type DraftField = keyof typeof FIELD_POINTERS;
export const DRAFT_FIELDS = Object.keys(FIELD_POINTERS) as readonly DraftField[];

const short = z.string().check(z.maxLength(4096));
const FIELD_SCHEMAS = {
  arguments_text: z.string().check(z.maxLength(64 * 1024)),
  digest: z.enum(['sha256', 'hmac-sha256']),
} as const;
const schemaOf = <F extends DraftField>(f: F) =>
  (f in FIELD_SCHEMAS ? FIELD_SCHEMAS[f as keyof typeof FIELD_SCHEMAS] : short) as F extends keyof typeof FIELD_SCHEMAS
    ? (typeof FIELD_SCHEMAS)[F]
    : typeof short;
type DraftShape = { [F in DraftField]: ReturnType<typeof schemaOf<F>> };

/** What saved work and share links may hold for a draft: every field, strictly, bounded. */
export const ContextDraftSchema = z.strictObject(
  Object.fromEntries(DRAFT_FIELDS.map((f) => [f, schemaOf(f)])) as DraftShape,
);

/** The form as it is being typed: strings, so a half-typed value is never lost. */
export type ContextDraft = z.infer<typeof ContextDraftSchema>;

/** A demo audit key, proposed when the learner switches to keyed mode with no key typed yet. Never a real secret. */

export interface ContextIssue {
  /** The form field the issue belongs to (null: the context as a whole). */
  field: DraftField | null;
  /** RFC 6901 pointer into the trusted context. */
  path: string;
  /** English: the core's words. */
  message: string;
  /** What is wrong as data, for the page to say in the learner's language: the core's params, or the strict parser's refusal. */
  params?: ViolationParams;
  parse?: JsonParseError;
}

export type ContextOutcome = { ok: true; value: TrustedContext } | { ok: false; issues: ContextIssue[] };

function at(value: unknown, pointer: string): unknown {
  let v = value;
  for (const k of pointer.split('/').slice(1))
    v = v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined;
  return v;
}

function setAt(target: Record<string, unknown>, pointer: string, value: unknown): void {
  const keys = pointer.split('/').slice(1);
  const last = keys.pop() as string;
  let o = target;
  for (const k of keys) o = (o[k] ??= {}) as Record<string, unknown>;
  o[last] = value;
}

export function draftFromContext(c: TrustedContext): ContextDraft {
  const valueOf = (f: DraftField): string => {
    if (f === 'arguments_text') return JSON.stringify(c.arguments);
    if (f === 'digest') return c.key === undefined ? 'sha256' : 'hmac-sha256';
    return (at(c, FIELD_POINTERS[f]) as string | undefined) ?? '';
  };
  return Object.fromEntries(DRAFT_FIELDS.map((f) => [f, valueOf(f)])) as ContextDraft;
}

const FIELD_BY_PATH: ReadonlyMap<string, DraftField> = new Map(
  DRAFT_FIELDS.map((f) => [FIELD_POINTERS[f], f === 'digest' ? 'key_id' : f]),
);

/** The field of a context pointer: the longest known prefix (an issue inside /arguments belongs to the arguments box). */
export function fieldOfPath(path: string): DraftField | null {
  let p = path;
  for (;;) {
    const f = FIELD_BY_PATH.get(p);
    if (f !== undefined) return f;
    const cut = p.lastIndexOf('/');
    if (cut <= 0) return null;
    p = p.slice(0, cut);
  }
}

/** The draft as the object the core receives (arguments parsed), or the reason it cannot be built. */
export function contextObjectFromDraft(
  d: ContextDraft,
): { ok: true; value: Record<string, unknown> } | { ok: false; issues: ContextIssue[] } {
  const args = parseStrictJson(d.arguments_text);
  if (!args.ok) {
    const e = args.error;
    return {
      ok: false,
      issues: [
        {
          field: 'arguments_text',
          path: '/arguments',
          message: `${e.code} at ${e.line}:${e.column}: ${e.message}`,
          parse: e,
        },
      ],
    };
  }
  const value: Record<string, unknown> = {};
  for (const f of DRAFT_FIELDS) {
    if (f === 'arguments_text') value.arguments = args.value;
    else if (f === 'digest') continue;
    else if (f === 'key_id' || f === 'key_secret') {
      if (d.digest === 'hmac-sha256') setAt(value, FIELD_POINTERS[f], d[f]);
    } else setAt(value, FIELD_POINTERS[f], d[f]);
  }
  return { ok: true, value };
}

/** Validates the draft with the core's parseTrustedContext; every issue is located at its field. */
export function contextFromDraft(d: ContextDraft): ContextOutcome {
  const obj = contextObjectFromDraft(d);
  if (!obj.ok) return obj;
  const r = parseTrustedContext(obj.value);
  if (r.ok) return { ok: true, value: r.value };
  return {
    ok: false,
    issues: r.issues.map((i) => ({ field: fieldOfPath(i.path), path: i.path, message: i.message, params: i.params })),
  };
}

/** Choosing a registered provider sets its api_family and adapter_revision: the registered triple. */
export function withRegisteredProvider(d: ContextDraft, provider: string): ContextDraft {
  const a = PROVIDER_ADAPTERS.find((x) => x.provider === provider);
  if (a === undefined) return { ...d, provider };
  return { ...d, provider: a.provider, api_family: a.api_family, adapter_revision: a.adapter_revision };
}

/** Whether the draft names one of the registered provider / API / adapter revision triples. */
export function isRegisteredTriple(d: ContextDraft): boolean {
  return findAdapter(d.provider, d.api_family, d.adapter_revision) !== null;
}

/** Switching digest mode keeps whatever key was typed; an empty key gets the demo key so keyed mode works at once. */
export function withDigestMode(d: ContextDraft, digest: DigestMode): ContextDraft {
  if (digest === 'hmac-sha256' && d.key_id === '' && d.key_secret === '')
    return { ...d, digest, key_id: DEMO_AUDIT_KEY.id, key_secret: DEMO_AUDIT_KEY.secret };
  return { ...d, digest };
}

export function draftsEqual(a: ContextDraft, b: ContextDraft): boolean {
  return DRAFT_FIELDS.every((f) => a[f] === b[f]);
}
