/**
 * What the attack lab shows for one attack on one scenario, computed without
 * React: whether the attack applies (and in plain terms why not), the run,
 * and a verdict of one of five kinds. The checks themselves are the core's;
 * this module only sorts their answers for display.
 */
import {
  ATTACKS,
  attackApplies,
  runAttack,
  type AttackId,
  type AttackInfo,
  type AttackRun,
} from '../lessons/attacks.ts';
import { canonicalize } from '#lib/core/json/index.ts';
import { escapePointerSegment } from '#lib/core/json/index.ts';
import { project } from '#lib/core/result/index.ts';
import { findTool } from '#lib/core/tables/index.ts';
import type { Scenario } from '#lib/core/result/index.ts';
import { AdapterRefusedError, toProviderItem } from '#lib/core/lastHop/index.ts';
import { validateResult, type ValidationDetails } from '#lib/core/result/index.ts';
import type { Violation, ViolationCode } from '#lib/core/tables/index.ts';
import { jsonDiff } from './jsonDiff.ts';
import { chapterTools } from '../chapter/index.ts';

/** Why an attack has nothing to show on this scenario. */
export type Inapplicable =
  | { why: 'baseline_invalid'; codes: ViolationCode[] }
  | { why: 'needs_error' }
  | { why: 'needs_success'; errorCode: string | null }
  | { why: 'unknown_tool'; tool: string }
  | { why: 'already_keyed'; keyId: string }
  | { why: 'no_effect' }
  | { why: 'failed'; message: string };

export interface AuditViolation {
  code: ViolationCode;
  path: string;
}

export interface InjectedText {
  path: string;
  text: string;
}

export type Verdict =
  /** The validator (or the adapter, which runs it) refuses the tampered package. */
  | { kind: 'stopped'; violations: Violation[] }
  /** The dispatcher turned the tampered handler output into a contract error: the model sees the error, never the data. */
  | { kind: 'contract_error'; errorCode: string; violations: AuditViolation[] }
  /** A11: plain SHA-256 lets the recomputed package through; keyed mode stops it. */
  | { kind: 'sha256_passes_keyed_stops'; plain: ValidationDetails; keyed: ValidationDetails }
  /** A14: valid data stays data. */
  | { kind: 'nothing_to_reject'; injected: InjectedText[]; trust: string; nextToolRegistered: boolean }
  /** The tampered package got through where it should not have. */
  | { kind: 'not_stopped' };

export type AdapterOutcome = { refused: true; codes: ViolationCode[] } | { refused: false; item: unknown };

export interface AttackView {
  info: AttackInfo;
  inapplicable: Inapplicable | null;
  run: AttackRun | null;
  verdict: Verdict | null;
  /** A12: what the registered route makes of the victim, and what the unregistered one does with the tampered package. */
  adapter: { victim: AdapterOutcome; tampered: AdapterOutcome } | null;
}

/** The tool the injection asks for (A14): it must pass its own contract before anything happens. */
export const INJECTED_NEXT_TOOL = 'send_email';

function adapterOutcome(run: () => unknown): AdapterOutcome {
  try {
    return { refused: false, item: run() };
  } catch (e) {
    if (e instanceof AdapterRefusedError)
      return { refused: true, codes: [...new Set(e.violations.map((v) => v.code))] };
    throw e;
  }
}

/** Why `attackApplies` said no, in the terms of the attack's own precondition. */
export function whyInapplicable(id: AttackId, s: Scenario): Inapplicable {
  const pkg = project(s.handler_output, s.context, chapterTools);
  const report = validateResult(pkg, s.context, chapterTools);
  if (!report.ok) return { why: 'baseline_invalid', codes: [...new Set(report.violations.map((v) => v.code))] };
  const status = pkg.model_result.status;
  if (id === 'A7') return { why: 'needs_error' };
  if (id === 'A11' && s.context.key !== undefined) return { why: 'already_keyed', keyId: s.context.key.id };
  if (findTool(s.context.tool, chapterTools) === null) return { why: 'unknown_tool', tool: s.context.tool };
  if (status !== 'succeeded') return { why: 'needs_success', errorCode: pkg.model_result.error?.code ?? null };
  // A14 needs a list of hits to carry the injected text: on other tools it would change nothing.
  if (id === 'A14' && findTool(s.context.tool, chapterTools)?.list === undefined) return { why: 'no_effect' };
  return { why: 'failed', message: 'the attack does not apply to this scenario' };
}

/** Every string that is new or changed in `after` compared with `before`, with its pointer. */
function newStrings(before: unknown, after: unknown): InjectedText[] {
  const out: InjectedText[] = [];
  const collect = (v: unknown, path: string): void => {
    if (typeof v === 'string') out.push({ path, text: v });
    else if (Array.isArray(v)) v.forEach((x, i) => collect(x, `${path}/${i}`));
    else if (v !== null && typeof v === 'object')
      for (const [k, x] of Object.entries(v)) collect(x, `${path}/${escapePointerSegment(k)}`);
  };
  for (const e of jsonDiff(before, after)) if (e.kind !== 'removed') collect(e.after, e.path);
  return out;
}

function verdictOf(run: AttackRun): Verdict {
  const plain: Verdict = run.report.ok
    ? { kind: 'not_stopped' }
    : { kind: 'stopped', violations: run.report.violations };
  if (run.id === 'A11' && run.keyed !== undefined) {
    return run.report.ok && !run.keyed.report.ok
      ? { kind: 'sha256_passes_keyed_stops', plain: run.report, keyed: run.keyed.report }
      : plain;
  }
  if (run.id === 'A14') {
    const mr = run.tampered.pkg.model_result;
    if (mr.status === 'succeeded' && run.report.ok) {
      return {
        kind: 'nothing_to_reject',
        injected: newStrings(run.victim.pkg.model_result.data, mr.data).map((t) => ({
          ...t,
          path: `/model_result/data${t.path}`,
        })),
        trust: mr.provenance.trust,
        nextToolRegistered: findTool(INJECTED_NEXT_TOOL, chapterTools) !== null,
      };
    }
  }
  // An MCP server is one more untrusted handler (docs/mcp.md): its answer's faults are contract errors too.
  const surface = ATTACKS[run.id].surface;
  if (surface === 'handler' || surface === 'mcp') {
    const mr = run.tampered.pkg.model_result;
    const violations = run.tampered.pkg.protected_audit.violations;
    if (mr.error?.code === 'OUTPUT_CONTRACT_VIOLATION' && violations.length > 0)
      return { kind: 'contract_error', errorCode: mr.error.code, violations };
  }
  return plain;
}

/** Runs `id` on `s` (when it applies) and sorts the answer for display. Never throws. */
export function attackView(id: AttackId, s: Scenario): AttackView {
  const info = ATTACKS[id];
  const empty = (inapplicable: Inapplicable): AttackView => ({
    info,
    inapplicable,
    run: null,
    verdict: null,
    adapter: null,
  });
  try {
    if (!attackApplies(id, s)) return empty(whyInapplicable(id, s));
    const run = runAttack(id, s);
    // A handler attack that changed nothing (say an injection into a tool whose data has no free text) teaches nothing here.
    if (run.handler !== undefined && canonicalize(run.handler.before) === canonicalize(run.handler.after))
      return empty({ why: 'no_effect' });
    const adapter =
      id === 'A12'
        ? {
            victim: adapterOutcome(() => toProviderItem(run.victim.pkg, run.victim.trusted, chapterTools)),
            tampered: adapterOutcome(() => toProviderItem(run.tampered.pkg, run.tampered.trusted, chapterTools)),
          }
        : null;
    return { info, inapplicable: null, run, verdict: verdictOf(run), adapter };
  } catch (e) {
    return empty({ why: 'failed', message: e instanceof Error ? e.message : String(e) });
  }
}
