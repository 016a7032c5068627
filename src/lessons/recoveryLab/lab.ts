/**
 * The recovery lab's view model: the learner's actions become calls of a
 * real control plane (src/control: createControlPlane over memoryStore and a
 * virtual clock that only the learner moves), and what the plane, its store,
 * the downstream and the audit log then hold becomes one plain snapshot for
 * the view. Nothing here chooses a recovery or scripts an outcome: each
 * answer is the plane's, and a proof step is recorded only from it
 * (../recoveryProofs.ts). No React, no browser.
 */
import { createDispatcher, principalRef, type ModelResult } from '#lib/core/index.ts';
import { lastHop, type LastHop } from './lastHop.ts';
import { labStore } from './labStore.ts';
import { EMPTY_AUDIT, labAudit, type LabAudit } from './labAudit.ts';
import { otherArguments, rewordedArguments } from './otherArguments.ts';
import { labCallId, sendCall } from './sendCall.ts';
import {
  ApprovalRefusedError,
  createControlPlane,
  intentKey,
  virtualClock,
  type Approval,
  type ControlPlane,
  type Execution,
  type IdempotencyRecord,
  type Preview,
} from '#lib/control/index.ts';
import { DEFAULT_RECOVERY_CASE, type RecoveryCaseId, type RecoveryStep } from '../recoveryProofs.ts';
import { proofsOf } from './labProofs.ts';
import { createBrokenPlane, type BrokenPlane } from './brokenPlanes.ts';
import type { BrokenPlaneId } from './brokenPlaneIds.ts';
import { logAction, type AuditCheck, type LabAction } from './labLog.ts';
import { ownerDeaths, type LabDeath } from './ownerProcess.ts';
import {
  argsFor,
  CASE_TOOL,
  LAB_POLICY,
  LAB_PRINCIPAL,
  LAB_PRINCIPALS,
  LAB_TOOLS,
  createStage,
  type DraftRow,
  type EmailRow,
  type FaultId,
  type LabTool,
  type StatusFaultId,
} from './stage.ts';

const START = Date.parse('2026-07-19T09:00:00Z');
const APPROVER = { tenant: LAB_PRINCIPAL.tenant, subject: 'supervisor-2b81' };

/**
 * `dispatch` and `model_again` are the model asking, in a turn of its own: the lab gives the plane's `executeTurn` no
 * key, and the plane keys the call by its intent. The others are a dispatcher sending the last call again with the
 * key it chose: the same, under a new call id or with other arguments, or a new one.
 */
export type RetryKind = 'dispatch' | 'same_key' | 'other_args' | 'new_key' | 'model_again';
/** How a call came about: the learner's action, or a broken plane dispatching it again by itself. */
export type AnswerKind = RetryKind | 'redispatch';

export interface LabCall {
  tool: LabTool;
  args: Record<string, unknown>;
  key: string;
}

/** One answer of the plane, as the view shows it. */
export interface LabAnswer {
  n: number;
  call_id: string;
  kind: AnswerKind;
  /** The subject the call was made as. */
  principal: string;
  /** Whether the principal's access was granted when the call was made. */
  access: boolean;
  tool: LabTool;
  key: string;
  args: Record<string, unknown>;
  delivery: Execution['delivery'];
  model_result: ModelResult;
  payload: LastHop;
  attempts: Execution['attempts'];
  audit_seq: number | null;
  /** With an approval attached. */
  approved: boolean;
  started_at: number;
  ended_at: number;
}

export interface LabRecord {
  idempotency_key: string;
  tool: string;
  fingerprint: string;
  state: IdempotencyRecord['state'];
  operation_id: string;
  lease_until: number;
  expires_at: number;
}

export interface LabApproval {
  preview: Preview;
  state: 'pending' | 'approved' | 'declined' | 'used' | 'refused';
  /** Why the plane refused to approve (ApprovalRefusedError's reason; a broken plane gives none). */
  reason?: string;
  approval: Approval | null;
}

export interface LabState {
  caseId: RecoveryCaseId;
  /** The broken plane this stage runs instead of the real one; null for the real plane. */
  broken: BrokenPlaneId | null;
  /** Which of LAB_PRINCIPALS the next call is made as. */
  principal: number;
  now: number;
  /** The sleeps the plane is waiting on (their end times), earliest first. */
  wakes: number[];
  tool: LabTool;
  args: Record<string, unknown>;
  last: LabCall | null;
  /** A call the plane has not answered yet: it waits on the clock. */
  pending: (LabCall & { call_id: string; started_at: number; deadline: number }) | null;
  board: {
    fault: FaultId | null;
    retry_after_ms: number;
    status: StatusFaultId | null;
    access: boolean;
    principal: string;
    recipients: 'customer' | 'any';
  };
  /** Whether the handler's errors carry a reworded message (the real plane never reads it). */
  reworded: boolean;
  answers: LabAnswer[];
  /** Calls whose owner process died before answering, newest first. */
  deaths: LabDeath[];
  drafts: DraftRow[];
  emails: EmailRow[];
  records: LabRecord[];
  approval: LabApproval | null;
  audit: LabAudit;
  /** Steps this stage showed, in order (the view records each in the learner's progress). */
  steps: RecoveryStep[];
  /** The last thing that could not be done, for the view to say (a code, not words). */
  refused: 'busy' | 'no_call' | 'no_preview' | 'no_change' | 'no_checkpoint' | null;
  /** What the learner did on this stage, in order (./labLog.ts); null once there was too much to keep. */
  log: LabAction[] | null;
}

/** Whether the call is the model's own ask (a turn the plane keys by its intent), not a dispatcher's resend. */
const asks = (kind: AnswerKind) => kind === 'dispatch' || kind === 'model_again';

const macrotask = () => new Promise<void>((r) => setTimeout(r, 0));

export interface RecoveryLab {
  state(): LabState;
  subscribe(listener: () => void): () => void;
  setTool(tool: LabTool): void;
  setArgs(args: Record<string, unknown>): void;
  setFault(fault: FaultId | null): void;
  setRetryAfter(ms: number): void;
  setStatusAnswer(status: StatusFaultId | null): void;
  setAccess(granted: boolean): void;
  /** Make the next calls as LAB_PRINCIPALS[n]. */
  setPrincipal(n: number): void;
  setReworded(reworded: boolean): void;
  setRecipients(policy: 'customer' | 'any'): void;
  /** The model asks for the composer's tool and arguments in a new turn: a new call id, the key the plane derives from the intent. */
  dispatch(): Promise<void>;
  /**
   * The last call again: its key and arguments under a new call id / other arguments, same key / same arguments, new
   * key / the model asking again in a new turn, its free text reworded, with no key (the plane derives it again).
   */
  retry(kind: Exclude<RetryKind, 'dispatch'>): Promise<void>;
  approve(): Promise<void>;
  decline(): void;
  advance(ms: number): Promise<void>;
  /** Change entry `seq` in the store (its receipt), as someone with write access would. */
  changeEntry(seq: number): Promise<void>;
  /** Recompute every plain link after the changes, as the same attacker would, so that plain verification passes. */
  rebuild(): Promise<void>;
  /** Take a checkpoint of the log's head, kept outside the store (the learner chooses when: before or after a rewrite). */
  checkpoint(): Promise<void>;
  verify(by?: AuditCheck): Promise<void>;
  /** A proxy rewrites what the model received for answer `n` (the log keeps what the plane answered). */
  alterTranscript(n: number): Promise<void>;
  /** Reconcile what the model received (each answer's payload) with the log as it stands. */
  reconcile(): Promise<void>;
}

export function createRecoveryLab(
  caseId: RecoveryCaseId = DEFAULT_RECOVERY_CASE,
  options: { broken?: BrokenPlaneId | null } = {},
): RecoveryLab {
  const clock = virtualClock({ start: START, auto: false });
  const stage = createStage(
    () => clock.now(),
    (committed) => deaths.dies(committed),
  );
  const staged = labStore();
  const { store, inner, scopes } = staged;
  const audits = labAudit(staged, () => clock.now());
  const dispatcher = createDispatcher({ tools: LAB_TOOLS });
  let reworded = false;
  const brokenPlane: BrokenPlane | null =
    options.broken == null
      ? null
      : createBrokenPlane(options.broken, {
          dispatcher,
          runtimes: stage.runtimes,
          authorize: stage.authorize,
          clock,
          policy: LAB_POLICY,
          principalRefOf: (p) => principalRef(p, undefined),
          reworded: () => reworded,
        });
  const planeOptions = {
    dispatcher,
    store,
    runtimes: stage.runtimes,
    authorize: stage.authorize,
    policy: LAB_POLICY,
    clock,
  };
  const plane: BrokenPlane | ControlPlane = brokenPlane ?? createControlPlane(planeOptions);
  const deaths = ownerDeaths(planeOptions);
  const listeners = new Set<() => void>();
  const tool = CASE_TOOL[caseId];
  let s: LabState = {
    caseId,
    broken: brokenPlane?.id ?? null,
    principal: 0,
    reworded: false,
    now: clock.now(),
    wakes: [],
    tool,
    args: argsFor(caseId, tool),
    last: null,
    pending: null,
    board: { ...stage.board },
    answers: [],
    deaths: [],
    drafts: [],
    emails: [],
    records: [],
    approval: null,
    audit: EMPTY_AUDIT,
    steps: [],
    refused: null,
    log: [],
  };
  let calls = 0;
  let keys = 0;

  const emit = (patch: Partial<LabState>) => {
    s = { ...s, ...patch };
    for (const l of listeners) l();
  };
  /** Written before the action runs, so the log is in the state the action's own emit shows. */
  const note = (action: LabAction) => {
    s = { ...s, log: s.log === null ? null : logAction(s.log, action) };
  };
  const setBoard = (action: LabAction, patch: Partial<LabState['board']>) => {
    note(action);
    Object.assign(stage.board, patch);
    emit({ board: { ...stage.board } });
  };

  /** Everything the view shows, read again from the plane's store, the downstream and the clock. */
  async function refresh(patch: Partial<LabState> = {}): Promise<void> {
    const records: LabRecord[] = brokenPlane === null ? [] : brokenPlane.records(clock.now());
    for (const scope of brokenPlane === null ? scopes.values() : []) {
      const r = await inner.read(scope);
      if (r === null || r.expires_at <= clock.now()) continue;
      const { idempotency_key, tool, fingerprint, state, operation_id, lease_until, expires_at } = r;
      records.push({ idempotency_key, tool, fingerprint, state, operation_id, lease_until, expires_at });
    }
    emit({
      now: clock.now(),
      wakes: clock.pending(),
      board: { ...stage.board },
      drafts: stage.drafts.map((d) => ({ ...d })),
      emails: stage.emails.map((m) => ({ ...m })),
      records,
      audit: await audits.read(s.audit),
      ...patch,
    });
  }

  const principalNow = () => LAB_PRINCIPALS[s.principal] ?? LAB_PRINCIPAL;
  /**
   * The key the plane derives for a call the model asks for (what `executeTurn` gives it, for the stage and a broken
   * plane alike), from the options the plane is built with, so that the two cannot name the intent differently.
   */
  const keyOfIntent = (tool: LabTool, args: Record<string, unknown>) =>
    intentKey(planeOptions, principalNow(), tool, args);

  async function execute(call: LabCall, kind: AnswerKind): Promise<void> {
    if (s.pending !== null) return emit({ refused: 'busy' });
    const n = ++calls;
    const call_id = labCallId(n);
    const started_at = clock.now();
    const principal = principalNow();
    stage.board.principal = principal.subject;
    const scope = { principal_ref: principalRef(principal, undefined), idempotency_key: call.key };
    const before = await inner.read(scope);
    const access = stage.board.access;
    // What a fault on the first attempt answers with; the learner may change the board while the plane waits.
    const retryAfterAsked = stage.board.retry_after_ms;
    const a = s.approval;
    const carries = call.tool === 'send_email' && a !== null && a.state === 'approved' && a.approval !== null;
    const who = { n, call_id, kind, principal: principal.subject, tool: call.tool, key: call.key, started_at };
    const { runner, died } = deaths.start(plane, stage.board.fault === 'owner_dies', brokenPlane === null);
    const running = sendCall(runner, {
      n,
      principal,
      tool: call.tool,
      args: call.args,
      key: call.key,
      asked: asks(kind),
      ...(carries ? { approval: { approval_id: (a.approval as Approval).approval_id } } : {}),
    });
    const finished = running.then(async (exec) => {
      deaths.settled();
      // The plane spends an approval only when it claims the key with it, and a claim precedes every run and every
      // status query; an answer without one (APPROVAL_INVALID for other arguments, a replay, a wait) left it unused.
      const spent = carries && exec.attempts.some((t) => t.kind === 'run' || t.kind === 'status_query');
      const answer: LabAnswer = {
        ...who,
        // The key the call ran under: for the model's ask, the one the plane derived.
        key: exec.trusted.call.idempotency_key,
        access,
        args: call.args,
        delivery: exec.delivery,
        model_result: exec.pkg.model_result,
        payload: lastHop(dispatcher, exec),
        attempts: exec.attempts,
        audit_seq: exec.audit_seq,
        approved: carries,
        ended_at: clock.now(),
      };
      let approval = s.approval;
      if (exec.preview !== undefined) approval = { preview: exec.preview, state: 'pending', approval: null };
      else if (spent && approval !== null) approval = { ...approval, state: 'used' };
      // A broken plane's steps prove nothing: the proofs are the real plane's answers.
      const steps =
        brokenPlane === null
          ? proofsOf(answer, {
              before,
              access,
              retryAfterAsked,
              drafts: stage.drafts,
              emails: stage.emails,
              keyDerived: asks(kind) && answer.key === call.key,
            })
          : [];
      await refresh({ pending: null, answers: [answer, ...s.answers], approval, steps: [...s.steps, ...steps] });
      return exec.redispatch === true;
    });
    const gone = died.then(async (committed) => {
      deaths.settled();
      const rec =
        brokenPlane === null
          ? await inner.read(scope)
          : (brokenPlane.records(clock.now()).find((r) => r.idempotency_key === call.key) ?? null);
      const death: LabDeath = {
        ...who,
        committed,
        died_at: clock.now(),
        deadline: started_at + LAB_POLICY.deadline_ms,
        lease_until: rec?.lease_until ?? null,
      };
      await refresh({ pending: null, deaths: [death, ...s.deaths] });
      return false;
    });
    const over = Promise.race([finished, gone]);
    emit({
      last: call,
      refused: null,
      pending: { ...call, call_id, started_at, deadline: started_at + LAB_POLICY.deadline_ms },
    });
    // Whatever can answer without the clock has answered after a macrotask (the plane waits only on the clock).
    const again = await Promise.race([
      over,
      macrotask()
        .then(macrotask)
        .then(() => null),
    ]);
    if (s.pending !== null) await refresh();
    // The broken plane's own retry: the same call as a new one, under a new key (nothing learned from the first).
    if (again === true) await execute({ ...call, key: newKey() }, 'redispatch');
    else if (again === null) void over.then((a) => (a ? execute({ ...call, key: newKey() }, 'redispatch') : undefined));
  }

  /** An audit action's outcome shown: the log read again, its steps kept, or the refusal. */
  async function settle(o: Awaited<ReturnType<typeof audits.verify>>): Promise<void> {
    if (o.refused !== undefined) return emit({ refused: o.refused });
    await refresh({ audit: o.audit, steps: [...s.steps, ...o.steps], refused: null });
  }

  const newKey = () => `idem_lab_${String(++keys).padStart(3, '0')}`;

  return {
    state: () => s,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setTool(t) {
      note({ do: 'tool', tool: t });
      emit({ tool: t, args: argsFor(caseId, t), refused: null });
    },
    setArgs(args) {
      note({ do: 'args', args });
      emit({ args });
    },
    setFault: (fault) => setBoard({ do: 'fault', fault }, { fault }),
    setRetryAfter(ms) {
      const retry_after_ms = Math.max(100, Math.min(600_000, Math.round(ms)));
      setBoard({ do: 'retry_after', ms: retry_after_ms }, { retry_after_ms });
    },
    setStatusAnswer: (status) => setBoard({ do: 'status', status }, { status }),
    setAccess: (access) => setBoard({ do: 'access', granted: access }, { access }),
    setPrincipal(n) {
      const principal = Math.max(0, Math.min(LAB_PRINCIPALS.length - 1, Math.round(n)));
      note({ do: 'principal', n: principal });
      emit({ principal });
    },
    setRecipients: (recipients) => setBoard({ do: 'recipients', policy: recipients }, { recipients }),
    setReworded(next) {
      note({ do: 'reworded', on: next });
      reworded = next;
      emit({ reworded: next });
    },
    dispatch() {
      note({ do: 'dispatch' });
      return execute({ tool: s.tool, args: s.args, key: keyOfIntent(s.tool, s.args) }, 'dispatch');
    },
    retry(kind) {
      note({ do: 'retry', kind });
      const last = s.last;
      if (last === null) return Promise.resolve(emit({ refused: 'no_call' }));
      if (kind === 'same_key') return execute(last, kind);
      if (kind === 'other_args') return execute({ ...last, args: otherArguments(last.tool, last.args) }, kind);
      if (kind === 'model_again') {
        const args = rewordedArguments(last.tool, last.args);
        return execute({ tool: last.tool, args, key: keyOfIntent(last.tool, args) }, kind);
      }
      return execute({ ...last, key: newKey() }, kind);
    },
    async approve() {
      note({ do: 'approve' });
      const a = s.approval;
      if (a === null || a.state !== 'pending') return emit({ refused: 'no_preview' });
      try {
        const approval = await plane.approve(a.preview, APPROVER);
        emit({ approval: { ...a, state: 'approved', approval }, refused: null });
      } catch (e) {
        // The plane's refusal (an expired preview, above all) is its answer to show, not the view's error.
        emit({
          approval: { ...a, state: 'refused', ...(e instanceof ApprovalRefusedError ? { reason: e.reason } : {}) },
        });
      }
    },
    decline() {
      note({ do: 'decline' });
      const a = s.approval;
      if (a === null || a.state !== 'pending') return emit({ refused: 'no_preview' });
      emit({ approval: { ...a, state: 'declined' }, refused: null });
    },
    async advance(ms) {
      note({ do: 'advance', ms });
      await clock.advance(ms);
      await macrotask();
      await refresh();
    },
    async changeEntry(seq) {
      note({ do: 'change', seq });
      await settle(await audits.change(s.audit, seq));
    },
    async rebuild() {
      note({ do: 'rebuild' });
      await settle(await audits.rebuild(s.audit));
    },
    async checkpoint() {
      note({ do: 'checkpoint' });
      await settle(await audits.checkpoint(s.audit));
    },
    async verify(by = 'plain') {
      note({ do: 'verify', by });
      await settle(await audits.verify(s.audit, by));
    },
    async alterTranscript(n) {
      note({ do: 'alter', n });
      await settle(await audits.alter(s.audit, n));
    },
    async reconcile() {
      note({ do: 'reconcile' });
      await settle(await audits.reconcile(s.audit, [...s.answers].reverse()));
    },
  };
}
