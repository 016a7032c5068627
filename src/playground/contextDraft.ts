/**
 * The trusted-context form as data. The form edits a flat draft of strings
 * (so a half-typed value is never lost); `contextFromDraft` turns it into a
 * TrustedContext through the core's own `parseTrustedContext`, and maps every
 * issue back to the field that caused it. Pure: no DOM, no React.
 */
import { PROVIDER_ADAPTERS, findAdapter, parseStrictJson, parseTrustedContext, type TrustedContext } from '../core/index.ts';

export type DigestMode = 'sha256' | 'hmac-sha256';

export interface ContextDraft {
  tenant: string;
  subject: string;
  provider: string;
  api_family: string;
  adapter_revision: string;
  response_id: string;
  call_id: string;
  operation_id: string;
  idempotency_key: string;
  tool: string;
  /** The call's arguments as JSON text, parsed strictly like every user text. */
  arguments_text: string;
  delivery: string;
  now: string;
  digest: DigestMode;
  key_id: string;
  /** Hex, at least 32 bytes. */
  key_secret: string;
}

export type DraftField = keyof ContextDraft;

export const DRAFT_FIELDS: readonly DraftField[] = [
  'tenant', 'subject', 'provider', 'api_family', 'adapter_revision', 'response_id', 'call_id', 'operation_id',
  'idempotency_key', 'tool', 'arguments_text', 'delivery', 'now', 'digest', 'key_id', 'key_secret',
];

/** A demo audit key, proposed when the learner switches to keyed mode with no key typed yet. Never a real secret. */
export const DEMO_KEY = { id: 'audit-key-demo', secret: '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff' } as const;

export interface ContextIssue {
  /** The form field the issue belongs to (null: the context as a whole). */
  field: DraftField | null;
  /** RFC 6901 pointer into the trusted context. */
  path: string;
  message: string;
}

export type ContextOutcome = { ok: true; value: TrustedContext } | { ok: false; issues: ContextIssue[] };

export function draftFromContext(c: TrustedContext): ContextDraft {
  return {
    tenant: c.principal.tenant,
    subject: c.principal.subject,
    provider: c.call.provider,
    api_family: c.call.api_family,
    adapter_revision: c.call.adapter_revision,
    response_id: c.call.response_id,
    call_id: c.call.call_id,
    operation_id: c.call.operation_id,
    idempotency_key: c.call.idempotency_key,
    tool: c.tool,
    arguments_text: JSON.stringify(c.arguments),
    delivery: c.delivery,
    now: c.now,
    digest: c.key === undefined ? 'sha256' : 'hmac-sha256',
    key_id: c.key?.id ?? '',
    key_secret: c.key?.secret ?? '',
  };
}

const FIELD_BY_PATH: Readonly<Record<string, DraftField>> = {
  '/principal/tenant': 'tenant',
  '/principal/subject': 'subject',
  '/call/provider': 'provider',
  '/call/api_family': 'api_family',
  '/call/adapter_revision': 'adapter_revision',
  '/call/response_id': 'response_id',
  '/call/call_id': 'call_id',
  '/call/operation_id': 'operation_id',
  '/call/idempotency_key': 'idempotency_key',
  '/tool': 'tool',
  '/arguments': 'arguments_text',
  '/delivery': 'delivery',
  '/now': 'now',
  '/key': 'key_id',
  '/key/id': 'key_id',
  '/key/secret': 'key_secret',
};

/** The field of a context pointer: the longest known prefix (an issue inside /arguments belongs to the arguments box). */
export function fieldOfPath(path: string): DraftField | null {
  let p = path;
  for (;;) {
    const f = FIELD_BY_PATH[p];
    if (f !== undefined) return f;
    const cut = p.lastIndexOf('/');
    if (cut <= 0) return null;
    p = p.slice(0, cut);
  }
}

/** The draft as the object the core receives (arguments parsed), or the reason it cannot be built. */
export function contextObjectFromDraft(d: ContextDraft): { ok: true; value: Record<string, unknown> } | { ok: false; issues: ContextIssue[] } {
  const args = parseStrictJson(d.arguments_text);
  if (!args.ok) {
    const e = args.error;
    return { ok: false, issues: [{ field: 'arguments_text', path: '/arguments', message: `${e.code} at ${e.line}:${e.column}: ${e.message}` }] };
  }
  const value: Record<string, unknown> = {
    principal: { tenant: d.tenant, subject: d.subject },
    call: {
      provider: d.provider,
      api_family: d.api_family,
      adapter_revision: d.adapter_revision,
      response_id: d.response_id,
      call_id: d.call_id,
      operation_id: d.operation_id,
      idempotency_key: d.idempotency_key,
    },
    tool: d.tool,
    arguments: args.value,
    delivery: d.delivery,
    now: d.now,
  };
  if (d.digest === 'hmac-sha256') value.key = { id: d.key_id, secret: d.key_secret };
  return { ok: true, value };
}

/** Validates the draft with the core's parseTrustedContext; every issue is located at its field. */
export function contextFromDraft(d: ContextDraft): ContextOutcome {
  const obj = contextObjectFromDraft(d);
  if (!obj.ok) return obj;
  const r = parseTrustedContext(obj.value);
  if (r.ok) return { ok: true, value: r.value };
  return { ok: false, issues: r.issues.map((i) => ({ field: fieldOfPath(i.path), path: i.path, message: i.message })) };
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
  if (digest === 'hmac-sha256' && d.key_id === '' && d.key_secret === '') return { ...d, digest, key_id: DEMO_KEY.id, key_secret: DEMO_KEY.secret };
  return { ...d, digest };
}

export function draftsEqual(a: ContextDraft, b: ContextDraft): boolean {
  return DRAFT_FIELDS.every((f) => a[f] === b[f]);
}
