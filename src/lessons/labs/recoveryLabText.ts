/**
 * Each recovery case (../recoveryProofs.ts RECOVERY_CASE_IDS) framed as a lab:
 * its goal, a ladder of hints and the worked answer. True to each case's
 * steps (the lab's hint line, src/ui/features/recovery/text.ts `caseHints`)
 * and to the proofs that count it solved (./labGoals.ts).
 */
import { defineTexts } from '../../texts.ts';
import type { RecoveryCaseId } from '../recoveryProofs.ts';
import type { LabCaseText } from './attackLabText.ts';

export const RECOVERY_LAB_CASES = defineTexts<Record<RecoveryCaseId, LabCaseText>>({
  en: {
    lost_response: {
      goal: 'Recover a refund whose response was lost, with exactly one refund draft downstream.',
      hints: [
        'Switch on the fault where the handler commits but its response is lost, then dispatch: what does the model get?',
        'Retry with the same idempotency key. The record is in an unknown state: does the plane run the handler again, or ask?',
      ],
      answer:
        'The plane keeps a record for the key before it runs. After the lost response the retry finds it unknown and asks the downstream’s status instead of running again; the receipt settles it (receipt_reconciled), and the ledger holds one draft.',
    },
    conflict: {
      goal: 'Show that a retry cannot change what a key was used for: not with other arguments, not by rewording the ask.',
      hints: [
        'Dispatch the refund, then retry under the same key with other arguments.',
        'Then let the model ask again in a new turn, its reason reworded and no key. Where does the plane get a key from?',
      ],
      answer:
        'The record keeps a fingerprint of the request: the same key with another fingerprint is IDEMPOTENCY_CONFLICT and the handler does not run. With no key, the plane derives one from the intent, finds the first record, and refuses the same way.',
    },
    revoked: {
      goal: 'Show that a stored answer does not outlive the principal’s access.',
      hints: [
        'Look the order up first, so there is a completed record to replay.',
        'Revoke the principal’s access, then retry with the same key.',
      ],
      answer:
        'Authorization is asked again before a replay is served: the completed record is not handed out, and the answer is NOT_FOUND.',
    },
    rate_limit: {
      goal: 'Show both sides of a retry-after: past the deadline it is answered at once; within it, it is waited out.',
      hints: [
        'Set a 429 for search_kb with a retry-after longer than the 30 s deadline, and dispatch. Is it waited out?',
        'Then one shorter than the time left. The plane sleeps on the virtual clock: move the clock.',
      ],
      answer:
        'A retry-after past the deadline is answered at once with its error, waiting 0 ms; one within the deadline is waited out on the clock, and the call runs again and succeeds.',
    },
    approval: {
      goal: 'Get send_email through its approval gate: a person approves, and the retry with the same key sends one email.',
      hints: [
        'Dispatch send_email: what does the plane answer before any email goes out?',
        'Approve the preview, then retry with the same key: when is the approval spent?',
      ],
      answer:
        'send_email is held for a person (APPROVAL_REQUIRED) with a preview of what would be sent. The approval goes with the retry under the same key and is spent when the plane claims the key: one email, and the approval cannot be used again.',
    },
    injected_email: {
      goal: 'Keep the email the injected search hit asked for from reaching attacker@example.net, even after the recipient policy is relaxed.',
      hints: [
        'Dispatch it as it is: which policy answers first?',
        'Relax the recipient policy, as a careless deployment might, and dispatch again. What still stands between the call and an email?',
      ],
      answer:
        'The recipient policy refuses it (NOT_FOUND). Relaxed, the plane still holds it for a person (APPROVAL_REQUIRED), and the preview shows the recipient; declined, no email is sent.',
    },
    audit: {
      goal: 'Find a changed audit entry, rebuild the plain chain over it as an attacker would, and find the rebuilt log again.',
      hints: [
        'Make a few calls, record a checkpoint, change one entry and verify: where does the chain break?',
        'As the attacker, rebuild the plain chain over the change: plain verification passes. What does the attacker not hold?',
      ],
      answer:
        'A plain hash chain finds a changed entry, but whoever can write the log can rebuild it. The keyed chain (HMAC under a key the store does not hold) or a checkpoint kept elsewhere finds the rebuilt log again.',
    },
  },
  zh: {
    lost_response: {
      goal: '恢复一次响应丢失的退款，下游恰好只有一份退款草稿。',
      hints: [
        '打开“handler 已提交，响应丢失”这个故障，然后 dispatch：模型得到什么？',
        '用同一个幂等键重试。记录处于未知状态：控制面会再次运行 handler，还是先去询问？',
      ],
      answer:
        '控制面在运行前就为这个 key 留下记录。响应丢失后，重试发现记录状态未知，于是询问下游的状态而不是再次运行；回执确认了结果（receipt_reconciled），账本上只有一份草稿。',
    },
    conflict: {
      goal: '证明重试改变不了一个 key 的用途：换参数不行，换说法也不行。',
      hints: [
        '先 dispatch 退款，再用同一个 key、不同的参数重试。',
        '然后让模型在新回合里换个说法再要一次，不带 key。控制面从哪里得到 key？',
      ],
      answer:
        '记录保存了请求的指纹：同一个 key 配上另一个指纹就是 IDEMPOTENCY_CONFLICT，handler 不会运行。没有 key 时，控制面由意图推导出 key，找到第一条记录，同样拒绝。',
    },
    revoked: {
      goal: '证明已存储的回答不会比主体的访问权限活得更久。',
      hints: ['先查询订单，留下一条可以重放的已完成记录。', '撤销主体的访问，再用同一个 key 重试。'],
      answer: '重放之前会再次询问授权：已完成的记录不会被交出去，回答是 NOT_FOUND。',
    },
    rate_limit: {
      goal: '展示 retry-after 的两面：超过 deadline 立即回答；在 deadline 之内则等完。',
      hints: [
        '为 search_kb 设置 429，retry-after 长于 30 秒的 deadline，然后 dispatch。它会被等完吗？',
        '再设一个短于剩余时间的。控制面在虚拟时钟上等待：拨动时钟。',
      ],
      answer:
        '超过 deadline 的 retry-after 立即以错误回答，等待 0 毫秒；在 deadline 之内的会在时钟上等完，调用再次运行并成功。',
    },
    approval: {
      goal: '让 send_email 通过审批关口：由人批准，用同一个 key 重试，发出一封邮件。',
      hints: [
        'dispatch send_email：在任何邮件发出之前，控制面回答什么？',
        '批准预览，再用同一个 key 重试：审批在什么时候被用掉？',
      ],
      answer:
        'send_email 要等人审批（APPROVAL_REQUIRED），并附上将要发送内容的预览。审批随同一个 key 的重试一起提交，在控制面认领这个 key 时被用掉：发出一封邮件，审批不能再用第二次。',
    },
    injected_email: {
      goal: '让被注入的搜索结果要求的那封邮件到不了 attacker@example.net，即使收件人策略被放宽。',
      hints: [
        '原样 dispatch：哪条策略最先回答？',
        '像粗心的部署那样放宽收件人策略，再 dispatch。在调用与邮件之间还剩下什么？',
      ],
      answer:
        '收件人策略拒绝它（NOT_FOUND）。放宽之后，控制面仍然要等人审批（APPROVAL_REQUIRED），预览里能看到收件人；拒绝之后，没有邮件发出。',
    },
    audit: {
      goal: '发现一条被改动的审计记录，像攻击者那样在其上重建明文链，再把重建过的日志找出来。',
      hints: [
        '调用几次，记录检查点，改动一条记录并校验：链在哪里断开？',
        '以攻击者身份在改动之上重建明文链：明文校验通过。攻击者手里没有什么？',
      ],
      answer:
        '明文哈希链能发现被改动的记录，但能写日志的人就能重建它。带密钥的链（HMAC，密钥不在存储里）或保存在别处的检查点能再次发现重建过的日志。',
    },
  },
});
