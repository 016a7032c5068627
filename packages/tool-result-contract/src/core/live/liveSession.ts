/**
 * docs/contract.md#the-live-session: speed for the live path comes from an object the caller holds.
 * A live session is opened for one trusted context (and its key) and answers
 * {@link previewPayloads} for handler output after handler output, byte for
 * byte as the plain functions would (a differential test holds it to that).
 *
 * What it keeps, and why that cannot go stale:
 * - the context, parsed once and deep-frozen by the session itself, and the
 *   same call routed through each registered adapter (frozen too);
 * - for each of those contexts, what the context alone decides (the tool,
 *   normalized arguments, principal_ref, request_sha256, the audit values)
 *   and the hash state that has absorbed its call-binding prefix;
 * - for each model_result it encoded and froze itself: its canonical text,
 *   its result digest and its verdict, so the three adapters' full
 *   validations of one update do not redo them;
 * - per context, the last call binding it finished (keyed by the whole
 *   suffix input, the result digest), which the adapter asks for again.
 * - for each protected_audit member it froze itself, its schema issues: the
 *   packages rebound for the other adapters share most members.
 * What is kept is keyed by the identity of an object the session froze;
 * nothing is keyed by a list of fields. So every package it returns is
 * deep-frozen: copy one (structuredClone) to change it; the copy is plain
 * data, validated afresh.
 *
 * `close()` drops all of it and wipes the hash states that absorbed the key.
 *
 * @example
 * const session = openLiveSession(trusted);
 * for (const output of edits) render(session.preview(output));
 * session.close();
 */
import { canonicalize, canonicalizeAndFreeze } from '../json/canonical.ts';
import { contextFacts, type ContextFacts } from '../result/contextFacts.ts';
import {
  callBindingDigest,
  callBindingPrefix,
  callBindingSuffixOf,
  plainPreimageParts,
  preimagesWith,
  resultDigestOfCanonical,
  type DigestPreimages,
  type PreimageParts,
} from '../result/digest.ts';
import {
  isCallAdapter,
  previewWith,
  rebindPackage,
  withProvider,
  type PayloadPreview,
  type PreviewSteps,
} from '../lastHop/payloadPreview.ts';
import { prefixedHash, type PrefixedHash } from '../json/hash.ts';
import type { ModelResult } from '../result/modelResult.ts';
import { projectParsed, type ProjectionSteps } from '../result/project.ts';
import { PROVIDER_ADAPTERS } from '../tables/providerAdapters.ts';
import type { ToolRegistry } from '../tables/registry.ts';
import { assertTrustedContext, type TrustedContext } from '../result/trustedContext.ts';
import { modelResultVerdict } from '../result/modelResultVerdict.ts';
import {
  auditMemberIssues,
  validateParsed,
  type AuditMember,
  type ValidationDetails,
  type ValidationSteps,
} from '../result/validateResult.ts';
import { needleFinder, type NeedleFinder } from '../result/outputContract.ts';
import { packageNeedles } from '../result/auditValues.ts';

/** How many package needle lists a session keeps finders for: an edit changes a downstream ref now and then. */
const RECENT_FINDERS = 8;
import type { Violation } from '../tables/violation.ts';

export interface LiveSession {
  /** The context as this session parsed and froze it: every answer is computed under it. */
  readonly trusted: TrustedContext;
  /** The same answer as `previewPayloads(handlerOutput, trusted)`; the packages in it are deep-frozen. */
  preview(handlerOutput: unknown): PayloadPreview;
  /** The same answer as `validateResultDetailed(pkg, trusted)`, for any package (a stored one, a tampered one). */
  validate(pkg: unknown): ValidationDetails;
  /** The same answer as `digestPreimages(report, trusted)` for a report of this session; the context-only parts are made once. */
  preimages(report: Pick<ValidationDetails, 'recomputed' | 'canonical'>): DigestPreimages;
  /** Drops everything the session keeps and wipes its key-bearing hash states; later calls throw. */
  close(): void;
}

/** One context the session froze, with what that context alone decides. */
interface Route {
  readonly trusted: TrustedContext;
  readonly facts: ContextFacts;
  readonly prefix: PrefixedHash;
  /** canonical(tool_contract): the fixed tail of every call-binding suffix in this context. */
  readonly contractText: string;
  /** The last call binding finished from `prefix`: the three adapters ask for the same one in one update. */
  last: { result_sha256: string; hex: string } | null;
}

/** Per model_result the session encoded and froze. */
interface Encoded {
  readonly canonical: string;
  result_sha256: string | null;
  /** Verdicts by facts object (identity), then by the downstream values (their full JSON text). */
  readonly verdicts: WeakMap<ContextFacts, Map<string, readonly Violation[]>>;
}

/**
 * Opens a session for one trusted context; throws TrustedContextError when
 * the context is malformed (as `project` does).
 */
export function openLiveSession(trustedInput: TrustedContext, tools: ToolRegistry): LiveSession {
  let routes: Map<TrustedContext, Route> | null = new Map();
  let encoded: WeakMap<object, Encoded> | null = new WeakMap();

  const open = (): { routes: Map<TrustedContext, Route>; encoded: WeakMap<object, Encoded> } => {
    if (routes === null || encoded === null) throw new Error('this live session is closed');
    return { routes, encoded };
  };

  const own = freezeContext(assertTrustedContext(trustedInput));
  const ownFacts = freezeFacts(contextFacts(own, tools));
  const addRoute = (trusted: TrustedContext): void => {
    const facts = trusted === own ? ownFacts : contextFacts(trusted, tools);
    // Shared only when they are provably the same facts, so one model_result verdict serves every adapter.
    const same =
      facts === ownFacts ||
      (facts.spec === ownFacts.spec &&
        canonicalize({ ...facts, spec: null }) === canonicalize({ ...ownFacts, spec: null }));
    const kept = same ? ownFacts : freezeFacts(facts);
    const route: Route = {
      trusted,
      facts: kept,
      prefix: prefixedHash(callBindingPrefix(trusted, kept.request_sha256), trusted.key?.secret),
      contractText: canonicalize(kept.tool_contract),
      last: null,
    };
    open().routes.set(trusted, route);
  };
  addRoute(own);
  const contextFor = new Map(
    PROVIDER_ADAPTERS.map((a) => {
      const t = isCallAdapter(own, a.provider) ? own : freezeContext(withProvider(own, a.provider));
      if (!open().routes.has(t)) addRoute(t);
      return [a.provider, t] as const;
    }),
  );

  const callBinding = (trusted: TrustedContext, request_sha256: string, result_sha256: string): string => {
    const route = open().routes.get(trusted);
    // A stored request digest that is not this context's own (a tampered package) is hashed the plain way.
    if (route === undefined || request_sha256 !== route.facts.request_sha256)
      return callBindingDigest(trusted, request_sha256, result_sha256, tools);
    if (route.last !== null && route.last.result_sha256 === result_sha256) return route.last.hex;
    const hex = route.prefix.finish(callBindingSuffixOf(route.contractText, result_sha256));
    route.last = { result_sha256, hex };
    return hex;
  };
  const resultDigest = (canonical: string, mr: unknown, trusted: TrustedContext): string => {
    const e = typeof mr === 'object' && mr !== null ? open().encoded.get(mr) : undefined;
    if (e === undefined || e.canonical !== canonical || trusted.key !== own.key)
      return resultDigestOfCanonical(canonical, trusted.key);
    e.result_sha256 ??= resultDigestOfCanonical(canonical, trusted.key);
    return e.result_sha256;
  };

  /**
   * Finders by the audit-value array they search for: the facts' own arrays are frozen by the session. A package's
   * list (the call's values and its downstream refs) is a new array on every update, so it is found by its text,
   * among the last few: building a finder (every encoded form of every value) costs more than the scan it serves.
   */
  const finders = new WeakMap<readonly string[], NeedleFinder>();
  const findersByText = new Map<string, NeedleFinder>();
  const leakFinder = (values: readonly string[]): NeedleFinder => {
    if (!Object.isFrozen(values)) {
      const text = JSON.stringify(values);
      let f = findersByText.get(text);
      if (f === undefined) {
        if (findersByText.size >= RECENT_FINDERS) findersByText.clear();
        f = needleFinder(values);
        findersByText.set(text, f);
      }
      return f;
    }
    let f = finders.get(values);
    if (f === undefined) {
      f = needleFinder(values);
      finders.set(values, f);
    }
    return f;
  };

  /** Audit members this session froze itself, with their schema issues once checked. */
  let members: WeakMap<object, readonly Violation[] | null> | null = new WeakMap();
  const freezeMembers = (value: unknown): void => {
    if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return;
    for (const v of Object.values(value)) freezeMembers(v);
    Object.freeze(value);
    (members as WeakMap<object, readonly Violation[] | null>).set(value, null);
  };
  const auditMember = (member: AuditMember, value: unknown): Violation[] => {
    const kept = typeof value === 'object' && value !== null && members !== null ? members.get(value) : undefined;
    if (kept === undefined) return auditMemberIssues(member, value);
    if (kept !== null) return kept.map((v) => ({ ...v }));
    const issues = auditMemberIssues(member, value);
    (members as WeakMap<object, readonly Violation[] | null>).set(
      value as object,
      issues.map((v) => ({ ...v })),
    );
    return issues;
  };

  const projectSteps: ProjectionSteps = {
    leakFinder,
    canonical: (mr: ModelResult) => {
      const canonical = canonicalizeAndFreeze(mr);
      open().encoded.set(mr, { canonical, result_sha256: null, verdicts: new WeakMap() });
      return canonical;
    },
    resultDigest,
    callBinding,
  };
  const validationSteps: ValidationSteps = {
    auditMember,
    canonical: (mr: unknown) =>
      (typeof mr === 'object' && mr !== null ? open().encoded.get(mr)?.canonical : undefined) ?? canonicalize(mr),
    resultDigest,
    callBinding,
    modelVerdict: (mr, canonical, facts, downstream) => {
      const e = typeof mr === 'object' && mr !== null ? open().encoded.get(mr) : undefined;
      if (e === undefined || canonical !== e.canonical) return modelResultVerdict(mr, canonical, facts, downstream);
      let byDownstream = e.verdicts.get(facts);
      if (byDownstream === undefined) {
        byDownstream = new Map();
        e.verdicts.set(facts, byDownstream);
      }
      const key = JSON.stringify(downstream);
      let verdict = byDownstream.get(key);
      if (verdict === undefined) {
        verdict = modelResultVerdict(
          mr,
          canonical,
          facts,
          downstream,
          leakFinder(downstream.length === 0 ? facts.auditValues : packageNeedles(facts.auditValues, downstream)),
        );
        byDownstream.set(key, verdict);
      }
      // A copy: the caller's report is its own; the kept verdict stays as computed.
      return verdict.map((v) => ({ ...v }));
    },
  };

  const validate = (pkg: unknown, trusted: TrustedContext): ValidationDetails =>
    validateParsed(pkg, trusted, (open().routes.get(trusted) as Route).facts, validationSteps);
  // The request preimage and the call-binding prefix depend on the context alone (and the request digest the report recomputed).
  const plainParts = plainPreimageParts(own, tools);
  let requestText: string | null = null;
  let prefixText: { request_sha256: string; text: string } | null = null;
  const keptParts: PreimageParts = {
    request: () => (requestText ??= plainParts.request()),
    callBinding: (req, res) => {
      if (prefixText === null || prefixText.request_sha256 !== req)
        prefixText = { request_sha256: req, text: callBindingPrefix(own, req) };
      return prefixText.text + callBindingSuffixOf((open().routes.get(own) as Route).contractText, res);
    },
  };
  const previewSteps: PreviewSteps = {
    project: (output) => projectParsed(output, own, ownFacts, projectSteps),
    validate,
    contextFor: (provider) => contextFor.get(provider) as TrustedContext,
    rebind: (pkg, to) => rebindPackage(pkg, to, callBinding),
    // Frozen so that what is kept by its members' identity cannot go stale; the model_result is frozen already.
    seal: freezeMembers,
  };

  return {
    trusted: own,
    preview(handlerOutput: unknown): PayloadPreview {
      open();
      return previewWith(handlerOutput, own, previewSteps);
    },
    validate(pkg: unknown): ValidationDetails {
      return validate(pkg, own);
    },
    preimages(report): DigestPreimages {
      open();
      return preimagesWith(report, keptParts);
    },
    close(): void {
      if (routes !== null) for (const route of routes.values()) route.prefix.destroy();
      routes = null;
      encoded = null;
      requestText = null;
      prefixText = null;
      members = null;
      contextFor.clear();
    },
  };
}

function freezeContext(trusted: TrustedContext): TrustedContext {
  canonicalizeAndFreeze(trusted);
  return trusted;
}

function freezeFacts(facts: ContextFacts): ContextFacts {
  // Everything but the registry's own (already frozen) tool spec is plain data.
  canonicalizeAndFreeze({ ...facts, spec: null });
  return Object.freeze(facts);
}
