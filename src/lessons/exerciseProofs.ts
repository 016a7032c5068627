/**
 * The exercise's proofs as the learner's own record (docs/decisions.md#the-exercises-proofs): a proof is
 * shown only by a named action of the learner's whose outcome demonstrates
 * it ("you swapped 1 and 2 → CALL_BINDING_MISMATCH"). Opening the page,
 * loading a worked answer or sealing shows nothing; a reset forgets all.
 * Pure and free of the core, so the progress it feeds loads with the page;
 * ./exerciseActions.ts runs the actions and builds the steps.
 */
export type ProofId =
  | 'no_principal_or_receipt'
  | 'business_change_changes_result'
  | 'swap_or_key_breaks_binding'
  | 'injections_rejected'
  | 'no_audit_in_payloads';
export const PROOF_IDS: readonly ProofId[] = [
  'no_principal_or_receipt',
  'business_change_changes_result',
  'swap_or_key_breaks_binding',
  'injections_rejected',
  'no_audit_in_payloads',
];

export type InjectionKind = 'status' | 'token' | 'extra';
export const INJECTION_KINDS: readonly InjectionKind[] = ['status', 'token', 'extra'];
/**
 * The codes each injection may be refused with (docs/scenarios.md#attacks: A8, A9, A10). A status posing as the result's own can be
 * written beside `kind` (the envelope refuses it: RESULT_SCHEMA) or at the top of data (A8: DATA_SCHEMA); both are
 * the chapter's "top-level status".
 */
const INJECTION_CODES: Readonly<Record<InjectionKind, readonly string[]>> = {
  status: ['RESULT_SCHEMA', 'DATA_SCHEMA'],
  token: ['SENSITIVE_FIELD'],
  extra: ['DATA_SCHEMA'],
};

/**
 * Which injection a refusal of the handler output is, from its code and where it points (null: none of the three).
 * `unexpected` says the refusal names a member the contract does not list (not a wrong value of a listed one).
 */
export function injectionOf(code: string, path: string, unexpected = true): InjectionKind | null {
  // Nested: inside a member of the output (data, a hit, provenance), not beside kind.
  if (code === 'SENSITIVE_FIELD') return path.split('/').length > 2 ? 'token' : null;
  if (!unexpected) return null;
  if ((code === 'RESULT_SCHEMA' && path === '/status') || (code === 'DATA_SCHEMA' && path === '/data/status'))
    return 'status';
  if (code === 'DATA_SCHEMA' && path.startsWith('/data/')) return 'extra';
  return null;
}

/** One thing the learner did and what the real checks answered; results are numbered 1–5. */
export type ProofStep =
  /** Searched the projections of the sealed results for principal and receipt: none found. */
  | { step: 'scan_projection'; slots: number[] }
  /** Changed a business field of a sealed result: the presented package was refused. */
  | { step: 'edit_sealed'; slot: number; path: string; codes: string[] }
  /** Presented sealed result a's projection under call b and the other way round. */
  | { step: 'swap'; a: number; b: number; codes: string[] }
  /** Presented a sealed package under a new idempotency key only. */
  | { step: 'replace_key'; slot: number; codes: string[] }
  /**
   * Injected into a result's handler output, by hand or by a button that wrote it into the editor: refused with
   * `code` at `path` (absent in progress saved before the path was kept).
   */
  | { step: 'inject'; slot: number; injection: InjectionKind; code: string; path?: string }
  /** Built every provider's payload of the sealed results and searched them: no audit in any. */
  | { step: 'scan_payloads'; slots: number[]; payloads: number };

export type StepKey =
  'scan_projection' | 'edit_sealed' | 'swap' | 'replace_key' | `inject_${InjectionKind}` | 'scan_payloads';

export const stepKey = (s: ProofStep): StepKey => (s.step === 'inject' ? `inject_${s.injection}` : s.step);

/** What each proof needs the learner to have shown, every part of the chapter's sentence. */
export const PROOF_STEPS: Readonly<Record<ProofId, readonly StepKey[]>> = {
  no_principal_or_receipt: ['scan_projection'],
  business_change_changes_result: ['edit_sealed'],
  swap_or_key_breaks_binding: ['swap', 'replace_key'],
  injections_rejected: ['inject_status', 'inject_token', 'inject_extra'],
  no_audit_in_payloads: ['scan_payloads'],
};

/** The scans need the five results sealed: the chapter's proof is over all five. */
export const SLOT_COUNT = 5;
const everySlot = (slots: readonly number[]): boolean =>
  Array.from({ length: SLOT_COUNT }, (_, i) => i + 1).every((n) => slots.includes(n));

/** Whether a step's outcome really demonstrates what it claims (a step that does not is never recorded). */
export function demonstrates(s: ProofStep): boolean {
  switch (s.step) {
    case 'scan_projection':
      return everySlot(s.slots);
    case 'scan_payloads':
      return everySlot(s.slots) && s.payloads >= s.slots.length;
    case 'edit_sealed':
      return s.codes.includes('RESULT_DIGEST_MISMATCH');
    case 'swap':
      return s.a !== s.b && s.codes.includes('CALL_BINDING_MISMATCH');
    case 'replace_key':
      return s.codes.includes('CALL_BINDING_MISMATCH') && !s.codes.includes('REQUEST_DIGEST_MISMATCH');
    case 'inject':
      return s.path === undefined
        ? INJECTION_CODES[s.injection].includes(s.code)
        : injectionOf(s.code, s.path) === s.injection;
  }
}

export type ExerciseEvent =
  | { type: 'open' }
  | { type: 'load_worked_answer'; slot: number }
  | { type: 'seal'; slot: number }
  | { type: 'unseal'; slot: number }
  | { type: 'reset' }
  | { type: 'shown'; step: ProofStep };

/** The learner's shown steps after an event: the same array when nothing is new. */
export function proofsAfter(shown: readonly ProofStep[], e: ExerciseEvent): readonly ProofStep[] {
  switch (e.type) {
    case 'reset':
      return shown.length === 0 ? shown : [];
    case 'shown': {
      if (!demonstrates(e.step)) return shown;
      const key = stepKey(e.step);
      const same = shown.find((s) => stepKey(s) === key);
      if (same !== undefined && JSON.stringify(same) === JSON.stringify(e.step)) return shown;
      // The latest action of each kind is the one named.
      return [...shown.filter((s) => s !== same), e.step];
    }
    default:
      // Opening, loading a worked answer, sealing and unsealing prove nothing by themselves.
      return shown;
  }
}

export interface ProofStatus {
  id: ProofId;
  shown: boolean;
  /** Each part the proof needs, with the learner's step that showed it (null: not yet). */
  parts: { key: StepKey; by: ProofStep | null }[];
}

export function proofStatuses(shown: readonly ProofStep[]): ProofStatus[] {
  return PROOF_IDS.map((id) => {
    const parts = PROOF_STEPS[id].map((key) => ({
      key,
      by: shown.find((s) => stepKey(s) === key && demonstrates(s)) ?? null,
    }));
    return { id, shown: parts.every((p) => p.by !== null), parts };
  });
}

export const shownCount = (shown: readonly ProofStep[]): number => proofStatuses(shown).filter((p) => p.shown).length;
