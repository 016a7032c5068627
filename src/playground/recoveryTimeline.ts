/**
 * The recovery walk-through (issue 6): three timelines — OUTCOME_UNKNOWN,
 * RATE_LIMIT, local_replay / receipt_reconciled — each step projected from a
 * real scenario by the core, so the `execution.delivery` and
 * `execution.outcome` shown are the ones the dispatcher actually produces.
 *
 * What the trusted control plane does next is `controlPlaneNext`: a function
 * of the status, the delivery and `ERROR_CATALOG[code].recovery`. It never
 * reads `error.message` (nor the `recovery` copied into the model_result,
 * which a tampered package could rewrite): the code decides, the text only
 * explains. Pure: no React, no DOM.
 */
import { ERROR_CATALOG } from '../core/tables/index.ts';
import { type ModelResult } from '../core/result/index.ts';
import { project } from '../core/result/index.ts';
import { type Package } from '../core/result/index.ts';
import { type Scenario } from '../core/result/index.ts';
import { findScenario } from '../core/result/index.ts';
import { isErrorCode, type Recovery } from '../core/tables/index.ts';
import type { Bilingual } from '../lang.ts';

export type RecoveryPathId = 'outcome_unknown' | 'rate_limit' | 'replay_reconciled';
export const RECOVERY_PATH_IDS: readonly RecoveryPathId[] = ['outcome_unknown', 'rate_limit', 'replay_reconciled'];

/** What the control plane does next: the catalog's recovery for an error, `deliver` for a success. */
export type NextAction = Recovery | 'deliver' | 'await_result';

export interface NextStep {
  action: NextAction;
  /** Where the action came from: `catalog` (ERROR_CATALOG[code].recovery), `status` (a success), `step` (a step with no result yet). */
  source: 'catalog' | 'status' | 'step';
  text: Bilingual;
}

/** The facts a step's projection fixes; null for a step that produces no result (the dispatch itself, a wait, a query). */
export interface StepResult {
  scenarioId: string;
  status: ModelResult['status'];
  delivery: ModelResult['execution']['delivery'];
  outcome: ModelResult['execution']['outcome'];
  errorCode: string | null;
  /** ERROR_CATALOG[code].recovery, or null for a success. */
  recovery: Recovery | null;
  retryAfterMs: number | null;
  requestSha256: string;
  callBindingSha256: string;
  receiptRef: string | null;
}

export interface TimelineStep {
  id: string;
  kind: 'dispatch' | 'result' | 'wait' | 'query';
  title: Bilingual;
  /** What happens at this step, in a sentence. */
  detail: Bilingual;
  result: StepResult | null;
  next: NextStep;
  /** Facts that support the step (digest equality, a receipt), in words. */
  evidence: Bilingual[];
}

export interface RecoveryTimeline {
  id: RecoveryPathId;
  title: Bilingual;
  lead: Bilingual;
  steps: TimelineStep[];
}

/**
 * The control plane's next step for a model_result. Driven by the error code
 * through the trusted catalog, never by the message: two results that differ
 * only in `error.message` (or in a rewritten `error.recovery`) get the same answer.
 */
export function controlPlaneNext(mr: ModelResult, tool: string): NextStep {
  if (mr.status === 'succeeded') {
    const d = mr.execution.delivery;
    const text: Bilingual =
      d === 'fresh'
        ? { en: 'Deliver model_result to the model. Done.', zh: '把 model_result 交给模型。完成。' }
        : d === 'local_replay'
          ? { en: 'Deliver the replayed result; the current call was still authorized — a replay skips no check.', zh: '交付重放的结果；当前调用仍已重新授权——重放不跳过任何关卡。' }
          : {
              en: 'Deliver the reconciled result; the receipt stays in protected_audit. Never dispatch the write again.',
              zh: '交付核对后的结果；回执留在 protected_audit。绝不再次 dispatch 写操作。',
            };
    return { action: 'deliver', source: 'status', text };
  }
  const code = mr.error?.code;
  if (!isErrorCode(code)) return { action: 'human_review', source: 'catalog', text: { en: 'Not a catalog code: stop and ask a human.', zh: '不是目录中的错误码：停止并交给人工。' } };
  const recovery = ERROR_CATALOG[code].recovery;
  switch (recovery) {
    case 'retry_after': {
      const ms = mr.error?.retry_after_ms;
      const wait = typeof ms === 'number' ? `${ms} ms` : 'retry_after_ms';
      return {
        action: recovery,
        source: 'catalog',
        text: {
          en: `${code} → retry_after: wait ${wait}, then send the same request again, only within the deadline and the retry budget (nothing ran: outcome not_started).`,
          zh: `${code} → retry_after：等待 ${wait}，然后在截止时间与重试预算内再次发送同一请求（尚未执行：outcome 为 not_started）。`,
        },
      };
    }
    case 'query_status':
      return {
        action: recovery,
        source: 'catalog',
        text: {
          en: `${code} → query_status: query the downstream status (status_ref, kept in protected_audit). Never dispatch ${tool} again — it may already have committed.`,
          zh: `${code} → query_status：查询下游状态（status_ref，保存在 protected_audit）。绝不再次 dispatch ${tool}——它可能已经提交。`,
        },
      };
    case 'correct_input':
      return {
        action: recovery,
        source: 'catalog',
        text: { en: `${code} → correct_input: the arguments may be corrected, within the input schema.`, zh: `${code} → correct_input：只能在输入 schema 内修正参数。` },
      };
    case 'request_approval':
      return { action: recovery, source: 'catalog', text: { en: `${code} → request_approval: pause and build a new approval preview.`, zh: `${code} → request_approval：暂停并重新生成审批预览。` } };
    case 'human_review':
      return { action: recovery, source: 'catalog', text: { en: `${code} → human_review: stop; a human decides.`, zh: `${code} → human_review：停止，由人工决定。` } };
    case 'none':
      return { action: recovery, source: 'catalog', text: { en: `${code} → none: nothing to retry; tell the user.`, zh: `${code} → none：没有可重试的；告知用户。` } };
  }
}

function projectScenario(id: string): { s: Scenario; pkg: Package } {
  const s = findScenario(id);
  if (s === null) throw new Error(`recoveryTimeline: no built-in scenario ${id}`);
  return { s, pkg: project(s.handler_output, s.context) };
}

function resultOf(id: string): { s: Scenario; pkg: Package; result: StepResult; next: NextStep } {
  const { s, pkg } = projectScenario(id);
  const mr = pkg.model_result;
  const code = mr.error?.code ?? null;
  const result: StepResult = {
    scenarioId: id,
    status: mr.status,
    delivery: mr.execution.delivery,
    outcome: mr.execution.outcome,
    errorCode: code,
    recovery: isErrorCode(code) ? ERROR_CATALOG[code].recovery : null,
    retryAfterMs: mr.error?.retry_after_ms ?? null,
    requestSha256: pkg.protected_audit.binding.request_sha256,
    callBindingSha256: pkg.protected_audit.binding.call_binding_sha256,
    receiptRef: pkg.protected_audit.downstream.receipt_ref,
  };
  return { s, pkg, result, next: controlPlaneNext(mr, s.context.tool) };
}

const short = (hex: string): string => `${hex.slice(0, 12)}…`;

function outcomeUnknown(): RecoveryTimeline {
  const timeout = resultOf('create_refund_draft.outcome_unknown');
  const reconciled = resultOf('create_refund_draft.receipt_reconciled');
  const op = timeout.s.context.call.operation_id;
  return {
    id: 'outcome_unknown',
    title: { en: 'OUTCOME_UNKNOWN: a write timed out after it was sent', zh: 'OUTCOME_UNKNOWN：写操作发出后超时' },
    lead: {
      en: 'The refund draft may or may not exist. Sending it again could create a second one; the catalog says query_status.',
      zh: '退款草稿可能已存在，也可能不存在。再发一次可能产生第二份；目录规定 query_status。',
    },
    steps: [
      {
        id: 'dispatch',
        kind: 'dispatch',
        title: { en: 'Dispatch create_refund_draft', zh: 'Dispatch create_refund_draft' },
        detail: { en: `The write leaves under operation ${op} with its idempotency key. No result yet.`, zh: `写操作以 operation ${op} 及其幂等键发出，尚无结果。` },
        result: null,
        next: { action: 'await_result', source: 'step', text: { en: 'Wait for the handler, up to the deadline.', zh: '在截止时间内等待 handler。' } },
        evidence: [],
      },
      {
        id: 'timeout',
        kind: 'result',
        title: { en: 'Timeout: the handler cannot tell whether it committed', zh: '超时：handler 无法确定是否已提交' },
        detail: { en: 'The handler names OUTCOME_UNKNOWN; the dispatcher fills in the rest from the catalog.', zh: 'handler 只给出 OUTCOME_UNKNOWN；其余字段由 dispatcher 从目录补全。' },
        result: timeout.result,
        next: timeout.next,
        evidence: [
          {
            en: `status_ref ${timeout.pkg.protected_audit.downstream.status_ref ?? '—'} (protected_audit only)`,
            zh: `status_ref ${timeout.pkg.protected_audit.downstream.status_ref ?? '—'}（仅在 protected_audit 中）`,
          },
        ],
      },
      {
        id: 'query',
        kind: 'query',
        title: { en: 'Explicit status query', zh: '显式状态查询' },
        detail: {
          en: 'The control plane asks the downstream system about the same request (request_ref, status_ref). No write is sent.',
          zh: '控制面向下游系统查询同一请求（request_ref、status_ref）。不发送写操作。',
        },
        result: null,
        next: { action: 'query_status', source: 'catalog', text: { en: 'Read the downstream receipt, if there is one.', zh: '读取下游回执（如果存在）。' } },
        evidence: [],
      },
      {
        id: 'reconciled',
        kind: 'result',
        title: { en: 'Receipt found: the result is reconciled', zh: '找到回执：结果已核对' },
        detail: { en: 'The draft was committed the first time. The model gets it with delivery receipt_reconciled.', zh: '草稿第一次就已提交。模型收到 delivery 为 receipt_reconciled 的结果。' },
        result: reconciled.result,
        next: reconciled.next,
        evidence: [
          {
            en: `receipt_ref ${reconciled.result.receiptRef ?? '—'} from the downstream system (protected_audit only)`,
            zh: `来自下游系统的 receipt_ref ${reconciled.result.receiptRef ?? '—'}（仅在 protected_audit 中）`,
          },
        ],
      },
    ],
  };
}

function rateLimit(): RecoveryTimeline {
  const limited = resultOf('search_kb.rate_limited');
  const retried = resultOf('search_kb.hits');
  const ms = limited.result.retryAfterMs;
  return {
    id: 'rate_limit',
    title: { en: 'RATE_LIMIT (429): wait, then retry', zh: 'RATE_LIMIT（429）：等待后重试' },
    lead: {
      en: 'Nothing ran, so a retry cannot duplicate anything. The handler supplies only retry_after_ms; the catalog fixes the recovery.',
      zh: '什么都没有执行，所以重试不会造成重复。handler 只提供 retry_after_ms；恢复方式由目录固定。',
    },
    steps: [
      {
        id: 'dispatch',
        kind: 'dispatch',
        title: { en: 'Dispatch search_kb', zh: 'Dispatch search_kb' },
        detail: { en: 'A read: “refund policy”, top 5.', zh: '一次读取：“refund policy”，前 5 条。' },
        result: null,
        next: { action: 'await_result', source: 'step', text: { en: 'Wait for the handler.', zh: '等待 handler。' } },
        evidence: [],
      },
      {
        id: '429',
        kind: 'result',
        title: { en: '429: rate limited', zh: '429：被限流' },
        detail: { en: `The handler names RATE_LIMIT with retry_after_ms ${ms ?? '—'}.`, zh: `handler 给出 RATE_LIMIT 与 retry_after_ms ${ms ?? '—'}。` },
        result: limited.result,
        next: limited.next,
        evidence: [],
      },
      {
        id: 'wait',
        kind: 'wait',
        title: { en: `Wait retry_after_ms (${ms ?? '—'} ms)`, zh: `等待 retry_after_ms（${ms ?? '—'} ms）` },
        detail: { en: 'No dispatch, no result. The control plane checks the deadline and the retry budget first.', zh: '不 dispatch，也没有结果。控制面先检查截止时间与重试预算。' },
        result: null,
        next: { action: 'retry_after', source: 'catalog', text: { en: 'Send the same request again.', zh: '再次发送同一请求。' } },
        evidence: [],
      },
      {
        id: 'retry',
        kind: 'result',
        title: { en: 'Retry: a fresh result', zh: '重试：全新结果' },
        detail: { en: 'The downstream answers this time: a new execution, delivery fresh.', zh: '这次下游给出了答复：一次新的执行，delivery 为 fresh。' },
        result: retried.result,
        next: retried.next,
        evidence: [
          {
            en: limited.result.requestSha256 === retried.result.requestSha256 ? 'the same request_sha256: the same intent' : 'request_sha256 differs from the 429 call (another call in this fixture)',
            zh: limited.result.requestSha256 === retried.result.requestSha256 ? 'request_sha256 相同：同一业务意图' : 'request_sha256 与 429 调用不同（本示例中的另一次调用）',
          },
        ],
      },
    ],
  };
}

function replayReconciled(): RecoveryTimeline {
  const first = resultOf('get_order.paid');
  const replay = resultOf('get_order.local_replay');
  const reconciled = resultOf('create_refund_draft.receipt_reconciled');
  const sameRequest = first.result.requestSha256 === replay.result.requestSha256;
  const sameBinding = first.result.callBindingSha256 === replay.result.callBindingSha256;
  return {
    id: 'replay_reconciled',
    title: { en: 'local_replay and receipt_reconciled: two kinds of evidence', zh: 'local_replay 与 receipt_reconciled：两种证据' },
    lead: {
      en: 'Both deliver a committed result without a new execution, but on different evidence: our own idempotency record, or the downstream system’s receipt. Neither skips the current authorization.',
      zh: '二者都交付已提交的结果而不重新执行，但证据不同：本地幂等记录，或下游系统的回执。二者都不能跳过当前授权。',
    },
    steps: [
      {
        id: 'dispatch',
        kind: 'result',
        title: { en: 'First call: get_order, executed', zh: '第一次调用：get_order，已执行' },
        detail: { en: 'The result is stored in the idempotency record under its request_sha256.', zh: '结果以其 request_sha256 存入幂等记录。' },
        result: first.result,
        next: first.next,
        evidence: [{ en: `request_sha256 ${short(first.result.requestSha256)}`, zh: `request_sha256 ${short(first.result.requestSha256)}` }],
      },
      {
        id: 'replay',
        kind: 'result',
        title: { en: 'Same intent, new call id: local replay', zh: '同一意图、新的 call id：本地重放' },
        detail: { en: 'The idempotency record answers; the handler is not called again.', zh: '由幂等记录作答；不再调用 handler。' },
        result: replay.result,
        next: replay.next,
        evidence: [
          {
            en: `request_sha256 ${sameRequest ? 'equal' : 'different'}: ${short(replay.result.requestSha256)}`,
            zh: `request_sha256 ${sameRequest ? '相同' : '不同'}：${short(replay.result.requestSha256)}`,
          },
          {
            en: `call_binding_sha256 ${sameBinding ? 'equal' : 'different'}: ${short(replay.result.callBindingSha256)} (another call)`,
            zh: `call_binding_sha256 ${sameBinding ? '相同' : '不同'}：${short(replay.result.callBindingSha256)}（另一次调用）`,
          },
        ],
      },
      {
        id: 'reconciled',
        kind: 'result',
        title: { en: 'After a timeout: receipt reconciled', zh: '超时之后：回执已核对' },
        detail: { en: 'An explicit status query found the downstream receipt of the refund draft.', zh: '显式状态查询找到了退款草稿的下游回执。' },
        result: reconciled.result,
        next: reconciled.next,
        evidence: [
          {
            en: `receipt_ref ${reconciled.result.receiptRef ?? '—'}: evidence from the downstream system, kept in protected_audit`,
            zh: `receipt_ref ${reconciled.result.receiptRef ?? '—'}：来自下游系统的证据，保存在 protected_audit`,
          },
        ],
      },
    ],
  };
}

/** The timeline of one recovery path, every result projected by the core. */
export function recoveryTimeline(id: RecoveryPathId): RecoveryTimeline {
  switch (id) {
    case 'outcome_unknown':
      return outcomeUnknown();
    case 'rate_limit':
      return rateLimit();
    case 'replay_reconciled':
      return replayReconciled();
  }
}
