/**
 * The chapter track's pure parts: a hand-written package checked field by field against what the core recomputes,
 * and the learner's actions over sealed hand-written packages, none of which may count over nothing.
 */
import { describe, expect, it } from 'vitest';
import { project, type Package } from '#lib/core/result/index.ts';
import { chapterTools, EXERCISE_SCENARIO_IDS, findScenario } from '../chapter/index.ts';
import { AUDIT_SKELETON, CHAPTER_CASES, MODEL_RESULT_SKELETON, SEARCH_KB_CONTRACT } from './chapterCases.ts';
import { acceptedPackage, checkWrittenCase } from './chapterAudit.ts';
import { presentWrittenEdit, scanWrittenPayloads, scanWrittenProjections } from './chapterActions.ts';
import { replaceKey, swapResults, type Sealed } from './exerciseActions.ts';
import { proofsAfter, proofStatuses, type ProofStep } from './exerciseProofs.ts';

/** A chapter-shaped attempt: the five packages as a careful learner would write them (the projector's, as text). */
const written = CHAPTER_CASES.map((c, i) => {
  const s = findScenario(EXERCISE_SCENARIO_IDS[i] as string);
  if (s === null) throw new Error('scenario');
  const pkg = project(s.handler_output, c.trusted, chapterTools);
  return {
    model: JSON.stringify(pkg.model_result, null, 2),
    audit: JSON.stringify(pkg.protected_audit, null, 2),
  };
});
const sealedOf = (i: number): Sealed => {
  const c = CHAPTER_CASES[i]!;
  const w = checkWrittenCase(c.kind, written[i]!.model, written[i]!.audit, c.trusted);
  const pkg = acceptedPackage(w);
  if (pkg === null) throw new Error(`case ${i + 1} not sealable`);
  return { pkg, trusted: c.trusted, raw: null };
};
const allSealed = (): Sealed[] => CHAPTER_CASES.map((_, i) => sealedOf(i));
/** The members the tests edit; JSON.parse gives them their values. */
type Editable = {
  data: Record<string, unknown> & { hits: Record<string, unknown>[] };
  error: { retry_after_ms: number };
};
const edited = (i: number, edit: (mr: Editable) => void): string => {
  const mr = JSON.parse(written[i]!.model) as Editable;
  edit(mr);
  return JSON.stringify(mr);
};

describe('checkWrittenCase', () => {
  it('accepts each of the five hand-written packages, every audit field ✓ and the case shown', () => {
    CHAPTER_CASES.forEach((c, i) => {
      const w = checkWrittenCase(c.kind, written[i]!.model, written[i]!.audit, c.trusted);
      expect(w.report?.violations).toEqual([]);
      expect(w.fields.length).toBe(21);
      expect(w.fields.filter((f) => !f.ok)).toEqual([]);
      expect(w.shows).toBe(true);
      expect(w.sealable).toBe(true);
    });
  });

  it('refuses the empty skeletons, and says per field what was expected and from where', () => {
    const c = CHAPTER_CASES[0]!;
    const w = checkWrittenCase(c.kind, MODEL_RESULT_SKELETON, AUDIT_SKELETON, c.trusted);
    expect(w.sealable).toBe(false);
    expect(w.modelViolations.length).toBeGreaterThan(0);
    const call = w.fields.find((f) => f.path === '/provider_context/call_id');
    expect(call).toMatchObject({ expected: c.trusted.call.call_id, written: '', ok: false, from: 'call' });
    const result = w.fields.find((f) => f.path === '/binding/result_sha256');
    expect(result?.from).toBe('preimage');
    expect(result?.preimage).toContain('"purpose":"tool-model-result/v1"');
    expect(w.fields.find((f) => f.path === '/principal_ref')?.from).toBe('principal');
  });

  it('catches one wrong digest among correct fields, and a case written for the wrong kind', () => {
    const c = CHAPTER_CASES[0]!;
    const audit = JSON.parse(written[0]!.audit);
    audit.binding.call_binding_sha256 = '0'.repeat(64);
    const w = checkWrittenCase(c.kind, written[0]!.model, JSON.stringify(audit), c.trusted);
    expect(w.fields.filter((f) => !f.ok).map((f) => f.path)).toEqual(['/binding/call_binding_sha256']);
    expect(w.sealable).toBe(false);
    // Result 2's package (an empty success) written in case 1's call: refused, and it does not show hits anyway.
    expect(checkWrittenCase(c.kind, written[1]!.model, written[1]!.audit, c.trusted).sealable).toBe(false);
  });

  it('reports a text that is not JSON without checking anything', () => {
    const c = CHAPTER_CASES[3]!;
    const w = checkWrittenCase(c.kind, '{"status": ', written[3]!.audit, c.trusted);
    expect(w.modelParse).not.toBeNull();
    expect(w.fields).toEqual([]);
    expect(w.sealable).toBe(false);
  });
});

describe('the reference pane says what the core holds a result to', () => {
  it('names the provenance of a success and of an error exactly as the projector writes them', () => {
    const hits = JSON.parse(written[0]!.model).provenance;
    const noAccess = JSON.parse(written[2]!.model).provenance;
    expect(hits).toMatchObject(SEARCH_KB_CONTRACT.success_provenance);
    expect(noAccess).toMatchObject(SEARCH_KB_CONTRACT.error_provenance);
    expect(SEARCH_KB_CONTRACT.success_provenance).toMatchObject({
      source_label: 'knowledge_base',
      producer_revision: 'kb-mock-v1',
    });
    const rate = JSON.parse(written[3]!.model).error;
    const entry = SEARCH_KB_CONTRACT.errors.find((e) => e.code === 'RATE_LIMIT');
    expect(rate).toMatchObject({ code: entry?.code, category: entry?.category, message: entry?.message });
    expect(JSON.parse(written[0]!.audit).tool_contract).toEqual(SEARCH_KB_CONTRACT.revisions);
  });
});

describe('the learner’s actions over hand-written packages', () => {
  it('proof 1: shown over all five, each audit carrying a principal reference and correlations; never over four', () => {
    const five = scanWrittenProjections(allSealed());
    expect(five.step).toEqual({ step: 'scan_projection', slots: [1, 2, 3, 4, 5] });
    expect(five.results.every((r) => r.principalRef && r.correlations >= 4 && r.found.length === 0)).toBe(true);
    const four: (Sealed | null)[] = allSealed();
    four[4] = null;
    expect(scanWrittenProjections(four).step).toBeNull();
  });

  it('proof 1: a projection holding the call id is found, and nothing is shown', () => {
    const s = allSealed();
    const leaky = structuredClone(s[0]!);
    (leaky.pkg.model_result.data as { hits: { snippet: string }[] }).hits[0]!.snippet = leaky.trusted.call.call_id;
    s[0] = leaky;
    const r = scanWrittenProjections(s);
    expect(r.results[0]!.found).toEqual([`contains ${JSON.stringify(leaky.trusted.call.call_id)}`]);
    expect(r.step).toBeNull();
  });

  it('proof 2: a changed title is refused for its digest alone; the recomputed result digest differs', () => {
    const e = presentWrittenEdit(
      sealedOf(0),
      edited(0, (mr) => (mr.data.hits[0]!.title = 'Refund policy (changed)')),
      1,
    );
    expect(e?.changed).toEqual(['/data/hits/0/title']);
    expect(e?.edit).toMatchObject({ step: 'edit_sealed', slot: 1, path: '/data/hits/0/title' });
    expect(e?.recomputedDigest).not.toBe(e?.sealedDigest);
    // retry_after_ms is a business field too.
    expect(
      presentWrittenEdit(
        sealedOf(3),
        edited(3, (mr) => (mr.error.retry_after_ms = 60000)),
        4,
      )?.edit,
    ).toMatchObject({
      path: '/error/retry_after_ms',
    });
  });

  it('proof 2: the same text as sealed, or a change that breaks the contract as well, shows nothing', () => {
    expect(presentWrittenEdit(sealedOf(0), written[0]!.model, 1)).toBeNull();
    const bad = presentWrittenEdit(
      sealedOf(0),
      edited(0, (mr) => (mr.data.hits[0]!.url = 'http://evil.example/')),
      1,
    );
    expect(bad?.changed).toEqual(['/data/hits/0/url']);
    expect(bad?.edit).toBeNull();
  });

  it('proof 3: two sealed hand-written results swapped, and a key replaced alone, break the call binding', () => {
    const [a, b] = [sealedOf(0), sealedOf(1)];
    expect(swapResults(a, b, 1, 2).step).toMatchObject({ step: 'swap', a: 1, b: 2 });
    expect(replaceKey(a, 1).step).toMatchObject({ step: 'replace_key', slot: 1 });
  });

  it('proof 4: each of the three injections typed into a sealed model_result is refused with its own code', () => {
    const s = sealedOf(0);
    const kinds = (text: string) => presentWrittenEdit(s, text, 1)?.injections ?? [];
    expect(kinds(edited(0, (mr) => (mr.data.status = 'succeeded')))).toEqual([
      { step: 'inject', slot: 1, injection: 'status', code: 'DATA_SCHEMA', path: '/data/status' },
    ]);
    expect(kinds(edited(0, (mr) => (mr.data.hits[0]!.token = 'tok_live_0123456789')))).toMatchObject([
      { injection: 'token', code: 'SENSITIVE_FIELD', path: '/data/hits/0/token' },
    ]);
    expect(kinds(edited(0, (mr) => (mr.data.internal_note = 'VIP')))).toMatchObject([
      { injection: 'extra', code: 'DATA_SCHEMA', path: '/data/internal_note' },
    ]);
    // A legal change is no injection.
    expect(kinds(edited(0, (mr) => (mr.data.hits[0]!.title = 'x')))).toEqual([]);
  });

  it('proof 5: every sealed package’s own payload built and searched; none holds the audit; never over four', () => {
    const r = scanWrittenPayloads(allSealed());
    expect(r.results.map((x) => [x.provider, x.refused, x.leaked])).toEqual(
      Array.from({ length: 5 }, () => ['openai', false, null]),
    );
    expect(r.results.every((x) => x.checked > 1)).toBe(true);
    expect(r.step).toEqual({ step: 'scan_payloads', slots: [1, 2, 3, 4, 5], payloads: 5 });
    const four: (Sealed | null)[] = allSealed();
    four[0] = null;
    expect(scanWrittenPayloads(four).step).toBeNull();
  });

  it('the five steps, recorded through the shared proof record, show all five proofs', () => {
    const s = allSealed();
    const steps: (ProofStep | null | undefined)[] = [
      scanWrittenProjections(s).step,
      presentWrittenEdit(
        s[0]!,
        edited(0, (mr) => (mr.data.hits[0]!.title = 'changed')),
        1,
      )?.edit,
      swapResults(s[0]!, s[1]!, 1, 2).step,
      replaceKey(s[0]!, 1).step,
      ...(['status', 'token', 'extra'] as const).map(
        (k) =>
          presentWrittenEdit(
            s[0]!,
            edited(0, (mr) =>
              k === 'status'
                ? (mr.data.status = 'succeeded')
                : k === 'token'
                  ? (mr.data.hits[0]!.token = 'tok_live_0123456789')
                  : (mr.data.internal_note = 'x'),
            ),
            1,
          )?.injections[0],
      ),
      scanWrittenPayloads(s).step,
    ];
    let shown: readonly ProofStep[] = [];
    for (const step of steps) {
      expect(step).toBeTruthy();
      shown = proofsAfter(shown, { type: 'shown', step: step as ProofStep });
    }
    expect(proofStatuses(shown).every((p) => p.shown)).toBe(true);
  });
});

// Keeps the package type in use for the reader: a sealed case is the core's own Package.
export type { Package };
