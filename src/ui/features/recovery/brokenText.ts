/**
 * The words of the broken planes beside the real one: each mistake, how to cause it, the two stages side by side,
 * and what the broken plane did that the real one did not.
 */
import { defineTexts } from '../../../texts.ts';

export const BROKEN_TEXT = defineTexts({
  en: {
    brokenWhy:
      'Choose a mistake the chapter names: a second stage runs a small plane that makes it, and every action you take goes to both stages (each with its own store, downstream and clock). What differs shows here. A broken plane proves nothing.',
    brokenChoose: 'Broken plane',
    brokenNone: 'none: the real plane only',
    brokenRestart: 'Choosing one starts both stages over.',
    brokenPlanes: {
      redispatch_unknown: {
        title: 'Re-dispatch a write on OUTCOME_UNKNOWN (cached=true as the recovery protocol)',
        mistake:
          'It reads the answer as booleans { ok: false, cached: false, retryable: true }: “retryable”, so it dispatches the call again as a new call, under a new key. It never asks the status.',
        try: 'Switch on “the handler commits, the response is lost”, then dispatch the refund.',
      },
      rerun_not_started: {
        title: 'Re-run a write on the handler’s own “not started”, without asking the status',
        mistake:
          'It takes the handler’s TIMEOUT_BEFORE_EXECUTE as the downstream’s word: it waits and runs again, or releases the key and tells the model nothing started.',
        try: 'Switch on “the downstream commits, then the connection is refused”, retry-after 45 s, and dispatch the refund (then try 5 s and move the clock).',
      },
      replay_no_authz: {
        title: 'Replay without asking authorization again',
        mistake:
          'It asks authorize before a run only: a completed key is replayed to whoever asks with it. It binds the replay to the new call as the real plane does, so the last hop passes it: the one thing missing is the question of who may still have it.',
        try: 'Dispatch get_order, revoke the principal’s access, then retry with the same key.',
      },
      global_keys: {
        title: 'Keys scoped globally, not per principal',
        mistake:
          'Its records are found by the key alone: another principal using the same key finds the first one’s record.',
        try: 'Dispatch the refund, choose “Call as: user-9d04e6b2”, then retry with the same key.',
      },
      no_fingerprint: {
        title: 'The fingerprint not compared',
        mistake: 'It finds the key’s record and replays it without comparing the request’s fingerprint.',
        try: 'Dispatch the refund, then retry with other arguments under the same key, or let the model ask again in other words: its key is the intent’s, so it finds the same record.',
      },
      recovery_from_message: {
        title: 'The recovery read from the message text (the model guesses from the error message)',
        mistake:
          'It decides from the words: a message that says “again” or “retry” dispatches the call again at once as a new call; any other message stops, and the status is never asked.',
        try: 'Switch on “the handler commits, the response is lost” and dispatch; then start over, tick the reworded error text, and dispatch again.',
      },
    },
    sideReal: 'Real plane (src/control)',
    sideBroken: 'Broken plane',
    sideNoAnswer: 'No answer yet.',
    sideRecords: (n: number) => `Idempotency records: ${n}`,
    sideModelSaw: 'The model saw',
    owner_of: (ref: string, owner: string) => `${ref} (account ${owner})`,
    harmsTitle: 'What the broken plane did that the real one did not',
    noHarm: 'Nothing differs yet: take the actions above.',
    harms: {
      duplicate_write: (rows: number, real: number) =>
        `${rows} side effects in its ledger, where the real plane made ${real}: the write happened twice.`,
      other_principal: (ref: string, owner: string, principal: string) =>
        `The model of ${principal} was handed ${ref}, which belongs to ${owner}: another principal’s data.`,
      old_result: (field: string, asked: string, got: string) =>
        `The call asked ${field} “${asked}”; the model was handed the old result with “${got}”.`,
      revoked_served: (principal: string) =>
        `${principal}’s access was revoked, and the stored result still reached the model.`,
      told_not_started: (code: string, ref: string) =>
        `The model was told ${code} (nothing started, retry later), while the downstream holds ${ref}: a model that asks again under a new key makes a second one.`,
      left_unknown: 'The model was left with OUTCOME_UNKNOWN: the real plane asked the status and settled it.',
    },
  },
  zh: {
    brokenWhy:
      '选择本章点名的一个错误：第二个舞台运行一个犯这个错误的小控制面，你的每个操作都同时作用于两个舞台（各自有存储、下游和时钟）。两者的差别显示在这里。错误控制面不证明任何东西。',
    brokenChoose: '错误控制面',
    brokenNone: '无：只有真实控制面',
    brokenRestart: '选择后两个舞台都会重新搭建。',
    brokenPlanes: {
      redispatch_unknown: {
        title: '遇到 OUTCOME_UNKNOWN 就重新派发写操作（把 cached=true 当成恢复协议）',
        mistake:
          '它把回答读成布尔值 { ok: false, cached: false, retryable: true }：“可重试”，于是用新的 key 把调用当作新调用再派发一次，从不查询状态。',
        try: '打开“handler 已提交，响应丢失”，然后 dispatch 退款。',
      },
      rerun_not_started: {
        title: '凭 handler 自己说的“未开始”就重跑写操作，不查询状态',
        mistake:
          '它把 handler 的 TIMEOUT_BEFORE_EXECUTE 当成下游的说法：等待后再跑一次，或者释放 key 并告诉模型什么都没开始。',
        try: '打开“下游已提交，随后连接被拒绝”，retry-after 选 45 秒，dispatch 退款（再试 5 秒并拨动时钟）。',
      },
      replay_no_authz: {
        title: '重放之前不再询问授权',
        mistake:
          '它只在运行之前调用 authorize：已完成的 key 会重放给任何拿着它来问的人。它像真实控制面一样把重放绑定到新的调用，所以最后一跳会放行：唯一缺少的，是“谁现在还有权拿到它”这个问题。',
        try: '先 dispatch get_order，撤销主体的访问，再用同一个 key 重试。',
      },
      global_keys: {
        title: 'key 全局有效，而不是按主体隔离',
        mistake: '它只按 key 查找记录：另一个主体用同一个 key，会找到第一个主体的记录。',
        try: '先 dispatch 退款，把“调用身份”换成 user-9d04e6b2，再用同一个 key 重试。',
      },
      no_fingerprint: {
        title: '不比较指纹',
        mistake: '它找到 key 的记录就直接重放，不比较请求的指纹。',
        try: '先 dispatch 退款，再用同一个 key、不同的参数重试；或者让模型换个说法再要一次：它的 key 来自意图，找到的是同一条记录。',
      },
      recovery_from_message: {
        title: '从错误 message 的文字决定恢复（让模型从错误 message 猜是否重试）',
        mistake:
          '它按文字做决定：message 里有 “again” 或 “retry” 就立刻把调用当作新调用再派发；其他 message 就停下，从不查询状态。',
        try: '打开“handler 已提交，响应丢失”并 dispatch；然后重新搭建舞台，勾选改写的错误文字，再 dispatch 一次。',
      },
    },
    sideReal: '真实控制面（src/control）',
    sideBroken: '错误控制面',
    sideNoAnswer: '还没有回答。',
    sideRecords: (n: number) => `幂等记录：${n} 条`,
    sideModelSaw: '模型看到的',
    owner_of: (ref: string, owner: string) => `${ref}（账户 ${owner}）`,
    harmsTitle: '错误控制面做了、真实控制面没做的事',
    noHarm: '还没有差别：按上面的提示操作。',
    harms: {
      duplicate_write: (rows: number, real: number) =>
        `它的账本里有 ${rows} 次副作用，而真实控制面是 ${real} 次：写操作发生了两次。`,
      other_principal: (ref: string, owner: string, principal: string) =>
        `${principal} 的模型拿到了 ${ref}，它属于 ${owner}：另一个主体的数据。`,
      old_result: (field: string, asked: string, got: string) =>
        `调用请求的 ${field} 是“${asked}”；模型拿到的却是旧结果“${got}”。`,
      revoked_served: (principal: string) => `${principal} 的访问已被撤销，存储的结果仍然送到了模型。`,
      told_not_started: (code: string, ref: string) =>
        `模型被告知 ${code}（未开始，稍后重试），而下游已经有 ${ref}：模型用新 key 再问一次，就会再产生一个。`,
      left_unknown: '模型只拿到 OUTCOME_UNKNOWN：真实控制面查询了状态并把它结清了。',
    },
  },
});
