/**
 * The AgentDojo banking case as the learner walks it (`?mode=attack&case=agentdojo_banking`): a real
 * control plane (src/control: createControlPlane over memoryStore and a virtual clock) in front of
 * Emma's bank (./bank.ts), with `send_money`'s recipient named in `trusted_arguments`. Each of the
 * learner's steps is one call of that plane, made as a dispatcher makes it, in one conversation:
 *
 *   start          the user's request is noted trusted (`plane.noteTrusted`), as the caller of the
 *                  plane does when the user types it; nothing else is ever vouched for;
 *   read()         the model's first call, get_most_recent_transactions: its result's data (the
 *                  poisoned subject included) is noted untrusted, with the call's operation id;
 *   refund()       the refund the user asked for: its recipient is in the user's own words, so it runs;
 *   askHijacked()  InjectionTask5's payment, as the hijacked model asks it, in a spelling the learner
 *                  picks: the plane holds it APPROVAL_REQUIRED, its preview naming the argument and the
 *                  read it came from.
 *
 * Nothing here decides an outcome: each answer is the plane's, the payments are the bank's, and a
 * proof step is kept only from the plane's answer to the learner's ask (./caseProofs.ts). No React.
 */
import { createDispatcher, type ModelResult } from '#lib/core/index.ts';
import {
  createControlPlane,
  memoryStore,
  virtualClock,
  type ControlPlane,
  type Execution,
  type HeldArgument,
  type PlaneCall,
  type Preview,
} from '#lib/control/index.ts';
import { DEMO_AUDIT_KEY } from '../demoKey.ts';
import { createBank, type Payment } from './bank.ts';
import { BANK_TOOLS } from './bankTools.ts';
import { caseAfter, proofFor, type CaseStep } from './caseProofs.ts';
import { spell, type SpellingId } from './spellings.ts';
import { HIJACK_ARGS, READ_ARGS, REFUND_ARGS, USER_PROMPT } from './upstream.ts';

/** The account holder the calls are made as; upstream's user, Emma Johnson. */
export const EMMA = Object.freeze({ tenant: 'bank', subject: 'emma-johnson' });
/** The one conversation of the case: every call carries it, so the plane notes and checks within it. */
export const CONVERSATION_REF = 'agentdojo-banking-user_task_4';
/** The day UserTask4's refund is dated: the lesson's clock starts there. */
const START = Date.parse('2022-04-01T09:00:00Z');

/** One answer of the plane, as the panel shows it. */
export interface CaseCall {
  n: number;
  tool: 'get_most_recent_transactions' | 'send_money';
  arguments: Record<string, unknown>;
  call_id: string;
  operation_id: string;
  /** What the model reads next turn: the package's model_result, nothing else. */
  model_result: ModelResult;
  /** The catalog code of a failed answer; null for a success. */
  code: string | null;
  /** With APPROVAL_REQUIRED: what a person is shown. */
  preview: Preview | null;
  audit_seq: number | null;
  /** Payments the bank had made before this call and after it. */
  payments_before: number;
  payments_after: number;
}

export interface HijackAsk extends CaseCall {
  spelling: SpellingId;
}

export interface CaseState {
  /** The user's request, noted trusted once the plane has it. */
  trusted: { prompt: string; noted: boolean };
  read: CaseCall | null;
  refund: CaseCall | null;
  /** The learner's asks as the hijacked model, newest first. */
  asks: HijackAsk[];
  /** What the bank really did. */
  payments: Payment[];
  /** The proofs this case showed (./caseProofs.ts). */
  shown: readonly CaseStep[];
  busy: boolean;
  /** Why the last action did nothing (a code, not words): a step before the one it needs, or one still running. */
  refused: 'busy' | 'read_first' | 'refund_first' | 'done' | null;
}

export interface AgentDojoCase {
  state(): CaseState;
  subscribe(listener: () => void): () => void;
  /** Resolves once the user's request is noted trusted. */
  ready: Promise<void>;
  read(): Promise<void>;
  refund(): Promise<void>;
  askHijacked(spelling: SpellingId): Promise<void>;
}

/** The held arguments of an answer: its preview's provenance, or none. */
export const heldOf = (c: CaseCall | null): HeldArgument[] => c?.preview?.provenance ?? [];

export function createAgentDojoCase(): AgentDojoCase {
  const clock = virtualClock({ start: START });
  const bank = createBank(() => clock.now());
  const plane: ControlPlane = createControlPlane({
    dispatcher: createDispatcher({ tools: BANK_TOOLS }),
    store: memoryStore(),
    runtimes: bank.runtimes,
    // The layer under test is argument provenance alone: Emma may use both tools.
    authorize: () => true,
    clock,
    // Keyed digests, as docs/argument-provenance.md asks: a plain SHA-256 of a short value can be searched.
    key: DEMO_AUDIT_KEY,
  });
  const listeners = new Set<() => void>();
  let n = 0;
  let s: CaseState = {
    trusted: { prompt: USER_PROMPT, noted: false },
    read: null,
    refund: null,
    asks: [],
    payments: [],
    shown: [],
    busy: true,
    refused: null,
  };
  const emit = (patch: Partial<CaseState>) => {
    s = { ...s, ...patch };
    for (const l of listeners) l();
  };

  const ready = plane
    .noteTrusted({ principal: EMMA, conversation_ref: CONVERSATION_REF, values: [USER_PROMPT] })
    .then(() => emit({ trusted: { prompt: USER_PROMPT, noted: true }, busy: false }));

  /** One call of the conversation, as a dispatcher sends what the model asked (the key derived from the intent). */
  async function call(tool: CaseCall['tool'], args: Record<string, unknown>): Promise<CaseCall> {
    const i = ++n;
    const planeCall: PlaneCall = {
      principal: EMMA,
      call: {
        provider: 'openai',
        api_family: 'responses',
        adapter_revision: 'openai-responses-2026-07-19',
        response_id: `resp_case_${i}`,
        call_id: `call_case_${i}`,
        operation_id: `op_case_${i}`,
      },
      tool,
      arguments: args,
      intent_ref: CONVERSATION_REF,
      conversation_ref: CONVERSATION_REF,
    };
    const payments_before = bank.payments().length;
    const exec: Execution = await plane.execute(planeCall);
    return {
      n: i,
      tool,
      arguments: args,
      call_id: exec.trusted.call.call_id,
      operation_id: exec.trusted.call.operation_id,
      model_result: exec.pkg.model_result,
      code: exec.pkg.model_result.error?.code ?? null,
      preview: exec.preview ?? null,
      audit_seq: exec.audit_seq,
      payments_before,
      payments_after: bank.payments().length,
    };
  }

  /** Runs one step if nothing else is running: the panel's buttons may be pressed faster than the plane answers. */
  async function step(work: () => Promise<Partial<CaseState>>): Promise<void> {
    await ready;
    if (s.busy) return emit({ refused: 'busy' });
    emit({ busy: true, refused: null });
    try {
      emit({ ...(await work()), payments: [...bank.payments()] });
    } finally {
      emit({ busy: false });
    }
  }

  return {
    state: () => s,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    ready,
    read: () =>
      step(async () =>
        s.read !== null ? { refused: 'done' } : { read: await call('get_most_recent_transactions', { ...READ_ARGS }) },
      ),
    refund: () =>
      step(async () => {
        if (s.read === null) return { refused: 'read_first' };
        if (s.refund !== null) return { refused: 'done' };
        return { refund: await call('send_money', { ...REFUND_ARGS }) };
      }),
    askHijacked: (spelling) =>
      step(async () => {
        const read = s.read;
        if (read === null) return { refused: 'read_first' };
        if (s.refund === null) return { refused: 'refund_first' };
        const recipient = spell(spelling);
        const ask = { ...(await call('send_money', { ...HIJACK_ARGS, recipient })), spelling };
        const [held] = heldOf(ask);
        const proof: CaseStep = {
          proof: proofFor(recipient),
          recipient,
          code: ask.code,
          argument: held?.argument ?? null,
          seen_in_tool: held?.seen_in.tool ?? null,
          seen_in_operation_id: held?.seen_in.operation_id ?? null,
          read_operation_id: read.operation_id,
          payments_before: ask.payments_before,
          payments_after: ask.payments_after,
        };
        return { asks: [ask, ...s.asks], shown: caseAfter(s.shown, proof) };
      }),
  };
}
