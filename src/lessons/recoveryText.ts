/**
 * The recovery walk-through's words (./recoveryPaths.ts), both languages side
 * by side: each path's title and lead, each step's title, detail, evidence and
 * (for a step without a result) next step, and the control plane's next step
 * for a result, by the catalog's recovery. Words that mention a result's facts
 * are functions of the path's facts.
 */
import { defineTexts } from '../texts.ts';

/** What the words may mention of a result step: its scenario's ids, digests and references. */
export interface ResultFacts {
  operationId: string;
  statusRef: string | null;
  receiptRef: string | null;
  retryAfterMs: number | null;
  requestSha256: string;
  callBindingSha256: string;
}

/** A path's result steps' facts, by step id. */
export type PathFacts = Readonly<Record<string, ResultFacts | undefined>>;

const short = (hex: string | undefined): string => `${(hex ?? '').slice(0, 12)}…`;
const orDash = (v: string | number | null | undefined): string => (v === null || v === undefined ? '—' : String(v));
const sameRequest = (f: PathFacts, a: string, b: string): boolean => f[a]?.requestSha256 === f[b]?.requestSha256;
const sameBinding = (f: PathFacts, a: string, b: string): boolean =>
  f[a]?.callBindingSha256 === f[b]?.callBindingSha256;

export const RECOVERY_TEXT = defineTexts({
  en: {
    paths: {
      outcome_unknown: {
        title: 'OUTCOME_UNKNOWN: a write timed out after it was sent',
        lead: 'The refund draft may or may not exist. Sending it again could create a second one; the catalog says query_status.',
        steps: {
          dispatch: {
            title: 'Dispatch create_refund_draft',
            detail: (f: PathFacts) =>
              `The write leaves under operation ${orDash(f.timeout?.operationId)} with its idempotency key. No result yet.`,
            next: 'Wait for the handler, up to the deadline.',
          },
          timeout: {
            title: 'Timeout: the handler cannot tell whether it committed',
            detail: 'The handler names OUTCOME_UNKNOWN; the dispatcher fills in the rest from the catalog.',
            evidence: [(f: PathFacts) => `status_ref ${orDash(f.timeout?.statusRef)} (protected_audit only)`],
          },
          query: {
            title: 'Explicit status query',
            detail:
              'The control plane asks the downstream system about the same request (request_ref, status_ref). No write is sent.',
            next: 'Read the downstream receipt, if there is one.',
          },
          reconciled: {
            title: 'Receipt found: the result is reconciled',
            detail: 'The draft was committed the first time. The model gets it with delivery receipt_reconciled.',
            evidence: [
              (f: PathFacts) =>
                `receipt_ref ${orDash(f.reconciled?.receiptRef)} from the downstream system (protected_audit only)`,
            ],
          },
        },
      },
      rate_limit: {
        title: 'RATE_LIMIT (429): wait, then retry',
        lead: 'Nothing ran, so a retry cannot duplicate anything. The handler supplies only retry_after_ms; the catalog fixes the recovery.',
        steps: {
          dispatch: {
            title: 'Dispatch search_kb',
            detail: 'A read: “refund policy”, top 5.',
            next: 'Wait for the handler.',
          },
          '429': {
            title: '429: rate limited',
            detail: (f: PathFacts) =>
              `The handler names RATE_LIMIT with retry_after_ms ${orDash(f['429']?.retryAfterMs)}.`,
          },
          wait: {
            title: (f: PathFacts) => `Wait retry_after_ms (${orDash(f['429']?.retryAfterMs)} ms)`,
            detail: 'No dispatch, no result. The control plane checks the deadline and the retry budget first.',
            next: 'Send the same request again.',
          },
          retry: {
            title: 'Retry: a fresh result',
            detail: 'The downstream answers this time: a new execution, delivery fresh.',
            evidence: [
              (f: PathFacts): string =>
                sameRequest(f, '429', 'retry')
                  ? 'the same request_sha256: the same intent'
                  : 'request_sha256 differs from the 429 call (another call in this fixture)',
            ],
          },
        },
      },
      replay_reconciled: {
        title: 'local_replay and receipt_reconciled: two kinds of evidence',
        lead: 'Both deliver a committed result without a new execution, but on different evidence: our own idempotency record, or the downstream system’s receipt. Neither skips the current authorization.',
        steps: {
          dispatch: {
            title: 'First call: get_order, executed',
            detail: 'The result is stored in the idempotency record under its request_sha256.',
            evidence: [(f: PathFacts) => `request_sha256 ${short(f.dispatch?.requestSha256)}`],
          },
          replay: {
            title: 'Same intent, new call id: local replay',
            detail: 'The idempotency record answers; the handler is not called again.',
            evidence: [
              (f: PathFacts) =>
                `request_sha256 ${sameRequest(f, 'dispatch', 'replay') ? 'equal' : 'different'}: ${short(f.replay?.requestSha256)}`,
              (f: PathFacts) =>
                `call_binding_sha256 ${sameBinding(f, 'dispatch', 'replay') ? 'equal' : 'different'}: ${short(f.replay?.callBindingSha256)} (another call)`,
            ],
          },
          reconciled: {
            title: 'After a timeout: receipt reconciled',
            detail: 'An explicit status query found the downstream receipt of the refund draft.',
            evidence: [
              (f: PathFacts) =>
                `receipt_ref ${orDash(f.reconciled?.receiptRef)}: evidence from the downstream system, kept in protected_audit`,
            ],
          },
        },
      },
    },
    /** The control plane's next step for a result: by its delivery for a success, by the catalog's recovery for an error. */
    deliver: {
      fresh: 'Deliver model_result to the model. Done.',
      local_replay: 'Deliver the replayed result; the current call was still authorized — a replay skips no check.',
      receipt_reconciled:
        'Deliver the reconciled result; the receipt stays in protected_audit. Never dispatch the write again.',
    },
    notCatalog: 'Not a catalog code: stop and ask a human.',
    recovery: {
      retry_after: (code: string, wait: string, _tool: string) =>
        `${code} → retry_after: wait ${wait}, then send the same request again, only within the deadline and the retry budget (nothing ran: outcome not_started).`,
      query_status: (code: string, _wait: string, tool: string) =>
        `${code} → query_status: query the downstream status (status_ref, kept in protected_audit). Never dispatch ${tool} again — it may already have committed.`,
      correct_input: (code: string) =>
        `${code} → correct_input: the arguments may be corrected, within the input schema.`,
      request_approval: (code: string) => `${code} → request_approval: pause and build a new approval preview.`,
      human_review: (code: string) => `${code} → human_review: stop; a human decides.`,
      none: (code: string) => `${code} → none: nothing to retry; tell the user.`,
    },
  },
  zh: {
    paths: {
      outcome_unknown: {
        title: 'OUTCOME_UNKNOWN：写操作发出后超时',
        lead: '退款草稿可能已存在，也可能不存在。再发一次可能产生第二份；目录规定 query_status。',
        steps: {
          dispatch: {
            title: 'Dispatch create_refund_draft',
            detail: (f: PathFacts) => `写操作以 operation ${orDash(f.timeout?.operationId)} 及其幂等键发出，尚无结果。`,
            next: '在截止时间内等待 handler。',
          },
          timeout: {
            title: '超时：handler 无法确定是否已提交',
            detail: 'handler 只给出 OUTCOME_UNKNOWN；其余字段由 dispatcher 从目录补全。',
            evidence: [(f: PathFacts) => `status_ref ${orDash(f.timeout?.statusRef)}（仅在 protected_audit 中）`],
          },
          query: {
            title: '显式状态查询',
            detail: '控制面向下游系统查询同一请求（request_ref、status_ref）。不发送写操作。',
            next: '读取下游回执（如果存在）。',
          },
          reconciled: {
            title: '找到回执：结果已核对',
            detail: '草稿第一次就已提交。模型收到 delivery 为 receipt_reconciled 的结果。',
            evidence: [
              (f: PathFacts) =>
                `来自下游系统的 receipt_ref ${orDash(f.reconciled?.receiptRef)}（仅在 protected_audit 中）`,
            ],
          },
        },
      },
      rate_limit: {
        title: 'RATE_LIMIT（429）：等待后重试',
        lead: '什么都没有执行，所以重试不会造成重复。handler 只提供 retry_after_ms；恢复方式由目录固定。',
        steps: {
          dispatch: {
            title: 'Dispatch search_kb',
            detail: '一次读取：“refund policy”，前 5 条。',
            next: '等待 handler。',
          },
          '429': {
            title: '429：被限流',
            detail: (f: PathFacts) => `handler 给出 RATE_LIMIT 与 retry_after_ms ${orDash(f['429']?.retryAfterMs)}。`,
          },
          wait: {
            title: (f: PathFacts) => `等待 retry_after_ms（${orDash(f['429']?.retryAfterMs)} ms）`,
            detail: '不 dispatch，也没有结果。控制面先检查截止时间与重试预算。',
            next: '再次发送同一请求。',
          },
          retry: {
            title: '重试：全新结果',
            detail: '这次下游给出了答复：一次新的执行，delivery 为 fresh。',
            evidence: [
              (f: PathFacts): string =>
                sameRequest(f, '429', 'retry')
                  ? 'request_sha256 相同：同一业务意图'
                  : 'request_sha256 与 429 调用不同（本示例中的另一次调用）',
            ],
          },
        },
      },
      replay_reconciled: {
        title: 'local_replay 与 receipt_reconciled：两种证据',
        lead: '二者都交付已提交的结果而不重新执行，但证据不同：本地幂等记录，或下游系统的回执。二者都不能跳过当前授权。',
        steps: {
          dispatch: {
            title: '第一次调用：get_order，已执行',
            detail: '结果以其 request_sha256 存入幂等记录。',
            evidence: [(f: PathFacts) => `request_sha256 ${short(f.dispatch?.requestSha256)}`],
          },
          replay: {
            title: '同一意图、新的 call id：本地重放',
            detail: '由幂等记录作答；不再调用 handler。',
            evidence: [
              (f: PathFacts) =>
                `request_sha256 ${sameRequest(f, 'dispatch', 'replay') ? '相同' : '不同'}：${short(f.replay?.requestSha256)}`,
              (f: PathFacts) =>
                `call_binding_sha256 ${sameBinding(f, 'dispatch', 'replay') ? '相同' : '不同'}：${short(f.replay?.callBindingSha256)}（另一次调用）`,
            ],
          },
          reconciled: {
            title: '超时之后：回执已核对',
            detail: '显式状态查询找到了退款草稿的下游回执。',
            evidence: [
              (f: PathFacts) =>
                `receipt_ref ${orDash(f.reconciled?.receiptRef)}：来自下游系统的证据，保存在 protected_audit`,
            ],
          },
        },
      },
    },
    deliver: {
      fresh: '把 model_result 交给模型。完成。',
      local_replay: '交付重放的结果；当前调用仍已重新授权——重放不跳过任何关卡。',
      receipt_reconciled: '交付核对后的结果；回执留在 protected_audit。绝不再次 dispatch 写操作。',
    },
    notCatalog: '不是目录中的错误码：停止并交给人工。',
    recovery: {
      retry_after: (code: string, wait: string, _tool: string) =>
        `${code} → retry_after：等待 ${wait}，然后在截止时间与重试预算内再次发送同一请求（尚未执行：outcome 为 not_started）。`,
      query_status: (code: string, _wait: string, tool: string) =>
        `${code} → query_status：查询下游状态（status_ref，保存在 protected_audit）。绝不再次 dispatch ${tool}——它可能已经提交。`,
      correct_input: (code: string) => `${code} → correct_input：只能在输入 schema 内修正参数。`,
      request_approval: (code: string) => `${code} → request_approval：暂停并重新生成审批预览。`,
      human_review: (code: string) => `${code} → human_review：停止，由人工决定。`,
      none: (code: string) => `${code} → none：没有可重试的；告知用户。`,
    },
  },
});
