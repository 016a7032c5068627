/**
 * The derived view of the playground, as a function of what the learner
 * typed: parse (strictly) → project → validate → the three provider adapters
 * → the three digests with their preimages. Runs in Node (vitest, the bench)
 * and the browser (the page and its worker) alike: no DOM, no Monaco, no
 * clock, no randomness.
 *
 * The page, its worker and the benchmark all run an {@link Evaluator}: it
 * holds the core's live session for the current trusted context and opens a
 * new one (closing the old) when the context changes. {@link evaluate} is the
 * same evaluation with nothing kept, through the core's plain functions; a
 * test holds the two to the same answers.
 */
import { canonicalize } from '#lib/core/json/index.ts';
import { PURPOSES, digestPreimages, type DigestPreimages } from '#lib/core/result/index.ts';
import { previewPayloads, type PayloadPreview } from '#lib/core/lastHop/index.ts';
import { openLiveSession, type LiveSession } from '#lib/core/live/index.ts';
import { type Package, DIGEST_NAMES, type DigestName } from '#lib/core/result/index.ts';
import { type LastHopName } from '#lib/core/tables/index.ts';
import { parseStrictJson, type JsonParseError } from '#lib/core/json/index.ts';
import { AdapterRefusedError, payloadAuditSearch, type PayloadAuditSearch } from '#lib/core/lastHop/index.ts';
import { type TrustedContext } from '#lib/core/result/index.ts';
import { type ValidationDetails } from '#lib/core/result/index.ts';
import { VIOLATION_CODES, type Violation } from '#lib/core/tables/index.ts';
import type { ViolationParams } from '#lib/core/tables/index.ts';
import { lineStarts } from '#lib/core/json/index.ts';
import { utf8Length } from '#lib/core/json/index.ts';
import {
  contextFromDraft,
  type ContextDraft,
  type ContextIssue,
  type ContextOutcome,
  type DraftField,
} from './contextDraft.ts';
import { locatePointer, rangeAtOffset, type Locations, type TextRange } from './locate.ts';
import { chapterTools } from '../chapter/index.ts';

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
  /** A parse problem's refusal, with its reason and specifics for the learner's language; null for the others. */
  parse: JsonParseError | null;
  /** A core violation's specifics as data, which the UI renders in the learner's language; null for parse and context problems. */
  params: ViolationParams | null;
  /** Where in the editor text it is, when it is in the editor text at all. */
  range: TextRange | null;
  /** The pointer the range really marks: the path itself, or its nearest existing ancestor. */
  rangePath: string | null;
  /** For context issues: the form field to go to. */
  field: DraftField | null;
  /** True when `code` is one of the core's violation codes (VIOLATION_TEXT explains it). */
  isViolation: boolean;
}

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
      provider: LastHopName;
      title: string;
      api_family: string;
      adapter_revision: string;
      /** The trusted context names this provider. */
      isCallProvider: boolean;
      ok: true;
      item: unknown;
      /** Every audit value of that package, and the literal "protected_audit", searched for in the serialized payload. */
      audit: PayloadAuditSearch;
    }
  | {
      provider: LastHopName | 'unregistered';
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

export type ParseOutcome = { ok: true; value: unknown } | { ok: false; error: JsonParseError };

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

/** A validation path inside model_result.data names the same place as the handler output's /data (the layouts mirror each other). */
function handlerPathOfPackagePath(path: string): string | null {
  if (path === '/model_result/data' || path.startsWith('/model_result/data/'))
    return path.slice('/model_result'.length);
  return null;
}

function digestViews(v: ValidationDetails, preimages: DigestPreimages): DigestView[] {
  const stored = v.stored;
  const re = v.recomputed;
  const purposes: Record<DigestName, string> = {
    request_sha256: PURPOSES.request,
    result_sha256: PURPOSES.result,
    call_binding_sha256: PURPOSES.callBinding,
  };
  return DIGEST_NAMES.map((name) => {
    const s = stored[name] ?? null;
    const r = re[name] ?? null;
    return {
      name,
      purpose: purposes[name],
      stored: s,
      recomputed: r,
      preimage: preimages[name],
      match: s !== null && s === r,
    };
  });
}

/** One view per registered adapter, and the call's own unregistered triple when it has one (attack A12). */
function payloadViews(preview: PayloadPreview): PayloadView[] {
  const views: PayloadView[] = preview.providers.map((p) => {
    const t = p.trusted.call;
    const base = {
      provider: p.provider,
      title: p.title,
      api_family: t.api_family,
      adapter_revision: t.adapter_revision,
      isCallProvider: p.trusted === preview.trusted,
    };
    if (p.item === null) {
      const refusal = p.refused ?? [];
      return { ...base, ok: false as const, refusal, message: new AdapterRefusedError(refusal).message };
    }
    return {
      ...base,
      ok: true as const,
      item: p.item,
      audit: payloadAuditSearch(p.item, p.pkg, p.trusted, chapterTools),
    };
  });
  const u = preview.unregistered;
  if (u !== null) {
    const c = u.trusted.call;
    views.push({
      provider: 'unregistered',
      title: `${c.provider} / ${c.api_family}`,
      api_family: c.api_family,
      adapter_revision: c.adapter_revision,
      isCallProvider: true,
      ok: false,
      refusal: u.refused,
      message: new AdapterRefusedError(u.refused).message,
    });
  }
  return views;
}

/** What a live update keeps between keystrokes: the context draft it was opened for, and its session. */
export interface Evaluator {
  evaluate(input: EvaluationInput): Evaluation;
  /** Closes the session (its key material goes with it). */
  close(): void;
}

/**
 * The page's evaluator. The session is reused while the context draft is the
 * same text, member for member; any other draft opens a new session and
 * closes the old one.
 */
export function createEvaluator(): Evaluator {
  let held: { draft: string | null; context: ContextOutcome; session: LiveSession | null } | null = null;
  // The draft holds strings only, so its JSON text is exact; another member order is a miss (a new session), never a wrong hit.
  const draftText = (d: ContextDraft): string | null => {
    try {
      return JSON.stringify(d);
    } catch {
      return null; // not plain data: never reused
    }
  };
  return {
    evaluate(input: EvaluationInput): Evaluation {
      const draft = draftText(input.context);
      if (held === null || draft === null || held.draft !== draft) {
        held?.session?.close();
        const context = contextFromDraft(input.context);
        const session = context.ok ? openLiveSession(context.value, chapterTools) : null;
        held = { draft, context, session };
      }
      const h = held;
      return evaluateWith(input.handlerText, h.context, h.session as LiveSession);
    },
    close(): void {
      held?.session?.close();
      held = null;
    },
  };
}

/** The same evaluation with nothing kept, through the core's plain functions. */
export function evaluate(input: EvaluationInput): Evaluation {
  const context = contextFromDraft(input.context);
  const trusted = (context as { value: TrustedContext }).value;
  return evaluateWith(input.handlerText, context, {
    preview: (output) => previewPayloads(output, trusted, chapterTools),
    preimages: (report) => digestPreimages(report, trusted, chapterTools),
  });
}

/**
 * The core's answers for one context: a live session, or the plain functions; for an MCP source
 * (mcpSource.ts), the MCP projection's, with `handlerPath` placing a package path in the CallToolResult.
 */
export type Answers = Pick<LiveSession, 'preview' | 'preimages'> & {
  handlerPath?: (packagePath: string, raw: unknown) => string | null;
};

/** Parse → project → validate → adapters → digests, for one handler text in one context. */
export function evaluateWith(text: string, context: ContextOutcome, answers: Answers): Evaluation {
  const problems: Problem[] = [];
  const raw = parseStrictJson(text);
  const parse: ParseOutcome = raw.ok ? { ok: true, value: raw.value } : { ok: false, error: raw.error };
  let starts: number[] | null = null;
  const lines = (): number[] => (starts ??= lineStarts(text));
  // Where each value sits is needed only to place a problem: parsed again, with locations, when there is one.
  let locations: Locations | null = null;
  const located = (): Locations =>
    (locations ??= (parseStrictJson(text, { locations: true }) as { locations?: Locations }).locations ?? new Map());

  if (!parse.ok) {
    const e = parse.error;
    problems.push({
      id: `json:${e.code}`,
      source: 'json',
      code: e.code,
      path: e.pointer ?? '',
      detail: e.message,
      parse: e,
      range:
        typeof e.offset === 'number' && e.offset >= 0 && e.offset <= text.length
          ? rangeAtOffset(text, e.offset, lines())
          : null,
      rangePath: null,
      field: null,
      isViolation: false,
      params: null,
    });
  }
  if (!context.ok) {
    context.issues.forEach((i, n) => {
      problems.push({
        id: `context:${n}:${i.path}`,
        source: 'context',
        code: 'CONTEXT_INVALID',
        path: i.path,
        detail: i.message,
        parse: null,
        params: null,
        range: null,
        rangePath: null,
        field: i.field,
        isViolation: false,
      });
    });
  }

  let result: ResultView | null = null;
  let internalError: string | null = null;
  if (parse.ok && context.ok) {
    try {
      const p = answers.preview(parse.value);
      const { trusted, pkg, violations, report: validation } = p;
      const canonical = validation.canonical ?? canonicalize(pkg.model_result);
      result = {
        trusted,
        pkg,
        projectionViolations: violations,
        validation,
        canonical,
        canonicalBytes: utf8Length(canonical),
        digests: digestViews(validation, answers.preimages(validation)),
        payloads: payloadViews(p),
      };
      // A projection violation points into the handler output; a validation violation into the package, which mirrors it under /data.
      const place = (
        source: 'projection' | 'validation',
        v: Violation,
        n: number,
        handlerPath: string | null,
      ): Problem => {
        const at = handlerPath === null ? null : locatePointer(text, located(), handlerPath, lines());
        return {
          id: `${source}:${n}:${v.code}:${v.path}`,
          source,
          code: v.code,
          path: v.path,
          detail: v.detail,
          parse: null,
          params: v.params,
          range: at?.range ?? null,
          rangePath: at?.pointer ?? null,
          field: null,
          isViolation: VIOLATION_SET.has(v.code),
        };
      };
      violations.forEach((v, n) => problems.push(place('projection', v, n, v.path)));
      const handlerPath = answers.handlerPath ?? handlerPathOfPackagePath;
      validation.violations.forEach((v, n) =>
        problems.push(place('validation', v, n, handlerPath(v.path, parse.value))),
      );
    } catch (e) {
      internalError = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
      result = null;
    }
  }
  return { parse, context, result, internalError, problems };
}
