/** The audit chain panel's words: the attacker's change and rebuild, the checkpoint, the three checks, the reconciliation. */
import { defineTexts } from '../../../texts.ts';

export const AUDIT_TEXT = defineTexts({
  en: {
    auditWhy:
      'One entry per answer, each chained to the one before by digest. Change one as someone with write access to the store would, rebuild the plain chain over it as that attacker would, then check the log three ways.',
    checks: {
      plain: 'Plain chain (SHA-256: whoever writes the store can recompute it)',
      keyed: 'Keyed chain (HMAC under the audit key, which the attacker does not hold)',
      checkpoint: 'Checkpoint (the head you recorded, kept outside the store)',
    },
    verifyBy: { plain: 'Verify plain', keyed: 'Verify keyed', checkpoint: 'Verify against the checkpoint' },
    notRun: 'not run yet',
    verifiedOk: (n: number) => `✓ passes: ${n} ${n === 1 ? 'entry links' : 'entries link'}.`,
    verifiedBroken: (seq: number, reason: string) => `✗ found at entry ${seq} (${reason}).`,
    verifiedCheckpoint: (seq: number, reason: string) =>
      `✗ the log differs from the checkpoint at its size, entry ${seq} (${reason}): the rewrite is at or before it.`,
    staleVerdict: 'The log changed after this check: run it again.',
    takeCheckpoint: 'Take a checkpoint',
    checkpointHint:
      'Records the log’s size and head now, outside the store. Taken after a rewrite, it vouches for the rewrite.',
    checkpointNone: 'No checkpoint yet: take one before you change anything.',
    checkpointTaken: (size: number, head: string, at: string) =>
      `Checkpoint: ${size} entries, head ${head}, taken ${at}, kept outside the store.`,
    rebuild: 'Rebuild the plain chain (as the attacker)',
    rebuildHint:
      'Recompute every plain link after your changes, as anyone with write access can: plain verification then passes.',
    refusedAudit: {
      no_change: 'Nothing to rebuild over: change an entry first.',
      no_checkpoint: 'No checkpoint to verify against: take one first.',
    },
    reconcile: 'Reconcile the transcript',
    alter: (n: number) => `A proxy rewrites what the model received for answer ${n}`,
    alterHint:
      'Adds a line the plane never wrote to that result on its way to the model; the log keeps what the plane answered.',
    altered: (ns: number[]) => `Rewritten on the way to the model: answer ${ns.join(', ')}.`,
    reconcileWhy:
      'What the model received (each answer’s function_call_output) against the entries’ result digests (reconcileTranscript). It reads the log as it stands: verify it first.',
    reconciledOk: (n: number) => `✓ ${n} results the model received each match their entry.`,
    reconcileFound: (n: number) => `✗ ${n} findings:`,
    finding: (code: string, seq: number | null) => (seq === null ? code : `${code} at entry ${seq}`),
    relinked: 'links recomputed',
    changeEntry: (seq: number) => `Change entry ${seq}`,
    changed: 'changed in the store',
    noEntries: 'No entry yet: every answer appends one.',
    receipt: 'receipt',
  },
  zh: {
    auditWhy:
      '每次回答一条记录，按摘要与前一条相链。像拥有存储写权限的人那样改动一条，再像这个攻击者那样在它之上重建明文链，然后用三种方式检查日志。',
    checks: {
      plain: '明文链（SHA-256：能写存储的人都能重新计算）',
      keyed: '带密钥的链（审计密钥下的 HMAC，攻击者没有这把密钥）',
      checkpoint: '检查点（你记下的链头，保存在存储之外）',
    },
    verifyBy: { plain: '明文校验', keyed: '带密钥校验', checkpoint: '对照检查点校验' },
    notRun: '尚未运行',
    verifiedOk: (n: number) => `✓ 通过：${n} 条记录首尾相链。`,
    verifiedBroken: (seq: number, reason: string) => `✗ 在第 ${seq} 条发现（${reason}）。`,
    verifiedCheckpoint: (seq: number, reason: string) =>
      `✗ 日志在检查点的长度处与检查点不符，第 ${seq} 条（${reason}）：改写发生在这里或更早。`,
    staleVerdict: '这次检查之后日志又变了：请再运行一次。',
    takeCheckpoint: '记录检查点',
    checkpointHint: '记下此刻日志的长度和链头，保存在存储之外。在改写之后记录的检查点，会为改写作保。',
    checkpointNone: '还没有检查点：在改动任何记录之前记录一个。',
    checkpointTaken: (size: number, head: string, at: string) =>
      `检查点：${size} 条记录，链头 ${head}，记录于 ${at}，保存在存储之外。`,
    rebuild: '重建明文链（以攻击者身份）',
    rebuildHint: '在你的改动之后重新计算每一个明文链接，任何有写权限的人都能做到：之后明文校验就会通过。',
    refusedAudit: {
      no_change: '没有可以重建的改动：先改动一条记录。',
      no_checkpoint: '没有可以对照的检查点：先记录一个。',
    },
    reconcile: '对账对话记录',
    alter: (n: number) => `代理改写模型收到的第 ${n} 个回答`,
    alterHint: '在这个结果送往模型的途中加上一行控制面从未写过的话；日志里仍是控制面的回答。',
    altered: (ns: number[]) => `在送往模型的途中被改写：第 ${ns.join('、')} 个回答。`,
    reconcileWhy:
      '把模型收到的内容（每次回答的 function_call_output）与记录里的结果摘要对照（reconcileTranscript）。它按日志现在的样子读取：先校验日志。',
    reconciledOk: (n: number) => `✓ 模型收到的 ${n} 个结果都与各自的记录相符。`,
    reconcileFound: (n: number) => `✗ ${n} 项发现：`,
    finding: (code: string, seq: number | null) => (seq === null ? code : `第 ${seq} 条：${code}`),
    relinked: '链接已被重新计算',
    changeEntry: (seq: number) => `改动第 ${seq} 条`,
    changed: '已在存储中被改动',
    noEntries: '还没有记录：每次回答都会追加一条。',
    receipt: '回执',
  },
});
