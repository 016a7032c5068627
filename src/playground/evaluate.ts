/**
 * The derived view of the playground, as one pure function of what the
 * learner typed: parse (strictly) → project → validate → the three provider
 * adapters → the three digests with their preimages. Runs in Node (vitest)
 * and the browser alike: no DOM, no Monaco, no clock, no randomness.
 */
import {
  AdapterRefused,
  PROVIDER_ADAPTERS,
  PURPOSES,
  VIOLATION_CODES,
  canonicalize,
  digestPreimage,
  parseStrictJson,
  projectDetailed,
  requestFields,
  toProviderItem,
  validateResultDetailed,
  type JsonParseError,
  type Package,
  type ProviderName,
  type TrustedContext,
  type ValidationDetails,
  type Violation,
} from '../core/index.ts';
import { auditValuesOf } from '../core/auditValues.ts';
import { rebindPackage, withProvider } from '../core/dispatchPreview.ts';
import { callBindingParts, resultPreimageOfCanonical } from '../core/digest.ts';
import { contextFromDraft, type ContextDraft, type ContextIssue, type DraftField } from './contextDraft.ts';
import { lineStarts, locatePointer, rangeAtOffset, type Locations, type TextRange } from './locate.ts';

export type { TextRange } from './locate.ts';

export interface EvaluationInput {
  handlerText: string;
  context: ContextDraft;
}

export type ProblemSource = 'json' | 'context' | 'projection' | 'validation';

export interface Problem {
  /** Stable within one evaluation (a React key). */
  id: string;
  source: ProblemSource;
  /** A violation code, a parse error code, or CONTEXT_INVALID. */
  code: string;
  /** RFC 6901 pointer: into the handler output (json, projection), the package (validation) or the context (context). */
  path: string;
  /** The technical detail, in English, as the core or the parser gave it. */
  detail: string;
  /** Where in the editor text it is, when it is in the editor text at all. */
  range: TextRange | null;
  /** The pointer the range really marks: the path itself, or its nearest existing ancestor. */
  rangePath: string | null;
  /** For context issues: the form field to go to. */
  field: DraftField | null;
  /** True when `code` is one of the core's violation codes (VIOLATION_TEXT explains it). */
  isViolation: boolean;
}

export type DigestName = 'request_sha256' | 'result_sha256' | 'call_binding_sha256';
export const DIGEST_NAMES: readonly DigestName[] = ['request_sha256', 'result_sha256', 'call_binding_sha256'];

export interface DigestView {
  name: DigestName;
  purpose: string;
  /** As stored in protected_audit.binding. */
  stored: string | null;
  /** As the validator recomputed it from the trusted context (noble). */
  recomputed: string | null;
  /** The exact canonical text that is hashed (for the WebCrypto cross-check and the learner). */
  preimage: string | null;
  match: boolean;
}

export type PayloadView =
  | {
      provider: ProviderName;
      title: string;
      api_family: string;
      adapter_revision: string;
      /** The trusted context names this provider. */
      isCallProvider: boolean;
      ok: true;
      item: unknown;
      json: string;
      /** Every audit value of that package, and the literal "protected_audit", searched for in the serialized payload. */
      audit: { checked: number; found: string[] };
    }
  | {
      provider: ProviderName | 'unregistered';
      title: string;
      api_family: string;
      adapter_revision: string;
      isCallProvider: boolean;
      ok: false;
      refusal: Violation[];
      message: string;
    };

export interface ResultView {
  trusted: TrustedContext;
  pkg: Package;
  /** Violations of the projection, with paths into the handler output. */
  projectionViolations: Violation[];
  validation: ValidationDetails;
  canonical: string;
  canonicalBytes: number;
  digests: DigestView[];
  payloads: PayloadView[];
}

export type ParseOutcome =
  | { ok: true; value: unknown; locations: Locations }
  | { ok: false; error: JsonParseError };

export interface Evaluation {
  parse: ParseOutcome;
  context: { ok: true; value: TrustedContext } | { ok: false; issues: ContextIssue[] };
  /** Null when the text does not parse or the context is invalid: nothing reaches the dispatcher. */
  result: ResultView | null;
  /** A bug caught here rather than thrown at the page. */
  internalError: string | null;
  /** Everything to show in the problems list and as editor markers, editor-located first. */
  problems: Problem[];
}

const VIOLATION_SET: ReadonlySet<string> = new Set(VIOLATION_CODES);
const utf8 = new TextEncoder();

/** A validation path inside model_result.data names the same place as the handler output's /data (the layouts mirror each other). */
function handlerPathOfPackagePath(path: string): string | null {
  if (path === '/model_result/data' || path.startsWith('/model_result/data/')) return path.slice('/model_result'.length);
  return null;
}

function digestViews(trusted: TrustedContext, pkg: Package, v: ValidationDetails): DigestView[] {
  const stored = v.stored;
  const re = v.recomputed;
  const pre = (f: () => string): string | null => {
    try {
      return f();
    } catch {
      return null;
    }
  };
  const preimages: Record<DigestName, string | null> = {
    request_sha256: pre(() => digestPreimage(PURPOSES.request, requestFields(trusted))),
    // Spliced and written out as the validator hashes them (tests keep both equal to digestPreimage).
    result_sha256: v.canonical !== null ? resultPreimageOfCanonical(v.canonical) : pre(() => digestPreimage(PURPOSES.result, { model_result: pkg.model_result })),
    call_binding_sha256:
      re.request_sha256 !== undefined && re.result_sha256 !== undefined
        ? pre(() => {
            const { prefix, suffix } = callBindingParts(trusted, re.request_sha256 as string, re.result_sha256 as string);
            return prefix + suffix;
          })
        : null,
  };
  const purposes: Record<DigestName, string> = { request_sha256: PURPOSES.request, result_sha256: PURPOSES.result, call_binding_sha256: PURPOSES.callBinding };
  return DIGEST_NAMES.map((name) => {
    const s = stored[name] ?? null;
    const r = re[name] ?? null;
    return { name, purpose: purposes[name], stored: s, recomputed: r, preimage: preimages[name], match: s !== null && s === r };
  });
}

/**
 * One package per adapter. The model_result does not depend on the provider, so the
 * package projected for the call is rebound (its provider context and call binding)
 * rather than projected again; every adapter still validates its own package in full.
 */
function payloadViews(pkg: Package, trusted: TrustedContext): PayloadView[] {
  const views: PayloadView[] = PROVIDER_ADAPTERS.map((adapter) => {
    const ctx = withProvider(trusted, adapter.provider);
    const base = {
      provider: adapter.provider,
      title: adapter.title,
      api_family: adapter.api_family,
      adapter_revision: adapter.adapter_revision,
      isCallProvider: adapter.provider === trusted.call.provider && adapter.api_family === trusted.call.api_family && adapter.adapter_revision === trusted.call.adapter_revision,
    };
    // The call's own adapter serializes the package as projected; the other two get it rebound.
    const own = base.isCallProvider ? pkg : rebindPackage(pkg, ctx);
    const ownCtx = base.isCallProvider ? trusted : ctx;
    try {
      const item = toProviderItem(own, ownCtx);
      const serialized = JSON.stringify(item);
      const needles = ['protected_audit', ...auditValuesOf(own, ownCtx)];
      return { ...base, ok: true as const, item, json: JSON.stringify(item, null, 2), audit: { checked: needles.length, found: needles.filter((n) => serialized.includes(n)) } };
    } catch (e) {
      if (e instanceof AdapterRefused) return { ...base, ok: false as const, refusal: e.violations, message: e.message };
      return { ...base, ok: false as const, refusal: [], message: e instanceof Error ? e.message : String(e) };
    }
  });
  // The call's own triple, when it is not a registered one, is refused: show that refusal too (attack A12).
  if (!views.some((v) => v.isCallProvider)) {
    const c = trusted.call;
    let refusal: Violation[] = [];
    let message: string;
    try {
      toProviderItem(pkg, trusted);
      message = 'serialized';
    } catch (e) {
      refusal = e instanceof AdapterRefused ? e.violations : [];
      message = e instanceof Error ? e.message : String(e);
    }
    views.push({ provider: 'unregistered', title: `${c.provider} / ${c.api_family}`, api_family: c.api_family, adapter_revision: c.adapter_revision, isCallProvider: true, ok: false, refusal, message });
  }
  return views;
}

/** Parse → project → validate → adapters → digests, for one handler text and one context draft. */
export function evaluate(input: EvaluationInput): Evaluation {
  const text = input.handlerText;
  const problems: Problem[] = [];
  const raw = parseStrictJson(text, { locations: true });
  const parse: ParseOutcome = raw.ok
    ? { ok: true, value: raw.value, locations: (raw.locations ?? new Map()) as Locations }
    : { ok: false, error: raw.error };
  const context = contextFromDraft(input.context);
  let starts: number[] | null = null;
  const lines = (): number[] => (starts ??= lineStarts(text));

  if (!parse.ok) {
    const e = parse.error;
    problems.push({
      id: `json:${e.code}`,
      source: 'json',
      code: e.code,
      path: e.pointer ?? '',
      detail: e.message,
      range: typeof e.offset === 'number' && e.offset >= 0 && e.offset <= text.length ? rangeAtOffset(text, e.offset, lines()) : null,
      rangePath: null,
      field: null,
      isViolation: false,
    });
  }
  if (!context.ok) {
    context.issues.forEach((i, n) => {
      problems.push({ id: `context:${n}:${i.path}`, source: 'context', code: 'CONTEXT_INVALID', path: i.path, detail: i.message, range: null, rangePath: null, field: i.field, isViolation: false });
    });
  }

  let result: ResultView | null = null;
  let internalError: string | null = null;
  if (parse.ok && context.ok) {
    try {
      const trusted = context.value;
      const { pkg, violations } = projectDetailed(parse.value, trusted);
      const validation = validateResultDetailed(pkg, trusted);
      const canonical = validation.canonical ?? canonicalize(pkg.model_result);
      result = {
        trusted,
        pkg,
        projectionViolations: violations,
        validation,
        canonical,
        canonicalBytes: utf8.encode(canonical).length,
        digests: digestViews(trusted, pkg, validation),
        payloads: payloadViews(pkg, trusted),
      };
      violations.forEach((v, n) => {
        const at = locatePointer(text, parse.locations, v.path, lines());
        problems.push({ id: `projection:${n}:${v.code}:${v.path}`, source: 'projection', code: v.code, path: v.path, detail: v.detail, range: at?.range ?? null, rangePath: at?.pointer ?? null, field: null, isViolation: true });
      });
      validation.violations.forEach((v, n) => {
        const hp = handlerPathOfPackagePath(v.path);
        const at = hp === null ? null : locatePointer(text, parse.locations, hp, lines());
        problems.push({ id: `validation:${n}:${v.code}:${v.path}`, source: 'validation', code: v.code, path: v.path, detail: v.detail, range: at?.range ?? null, rangePath: at?.pointer ?? null, field: null, isViolation: VIOLATION_SET.has(v.code) });
      });
    } catch (e) {
      internalError = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
      result = null;
    }
  }
  return { parse, context, result, internalError, problems };
}
