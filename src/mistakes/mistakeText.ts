/**
 * The eight mistakes' words (./mistake.ts), both languages side by side, by
 * mistake id: the title, the labels of the correct and the mistaken side, and
 * the consequence as a function of the run's facts.
 */
import type { Lang } from '../lang.ts';
import { defineTexts } from '../texts.ts';
import type { MistakeFacts, MistakeId, MistakeRun } from './mistake.ts';

interface MistakeWords<K extends MistakeId> {
  title: string;
  correct: string;
  mistaken: string;
  consequence: (f: MistakeFacts[K]) => string;
}

/** Written out over the ids so that a run's id picks the consequence that takes its facts. */
type MistakeTexts = { readonly [K in MistakeId]: MistakeWords<K> };

export const MISTAKE_TEXT = defineTexts<MistakeTexts>({
  en: {
    1: {
      title: 'One all-fields result object: log fields reach the model',
      correct: 'OpenAI item from model_result only',
      mistaken: 'OpenAI item from the all-fields object',
      consequence: (f) =>
        `${f.leaked} audit values reach the provider: the principal, ids, the idempotency key, receipts and digests become text the model reads.`,
    },
    2: {
      title: 'Input checked, output not: an injected status or extra field reaches the model',
      correct: 'model_result (exact output contract)',
      mistaken: 'what an unchecked dispatcher passes on',
      consequence: (f) =>
        f.reached
          ? `The model reads members the contract never allowed: ${f.leakedKeys.join(', ') || 'changed values'}. A data.status of "succeeded" now competes with the real top-level status.`
          : 'On this input the handler stayed within its contract, so both agree: try create_refund_draft.status_injected.',
    },
    3: {
      title: 'Digest checked by its shape only: a forged digest passes',
      correct: 'validateResult (recomputes every digest)',
      mistaken: 'shape-only check',
      consequence: () =>
        'A changed model_result with a random, well-formed result_sha256 is accepted: 64 hex digits prove nothing.',
    },
    4: {
      title: 'cached=true as the recovery protocol: replay and reconciliation look the same, and a write is sent twice',
      correct: 'status, outcome and delivery from the contract',
      mistaken: 'ok / cached / retryable booleans',
      consequence: (f) =>
        !f.sameLook && !f.writesTwice
          ? 'On this result the booleans lose nothing: it is fresh, and not a write left unknown. Try a local replay, a reconciled receipt or an OUTCOME_UNKNOWN refund.'
          : `${f.sameLook ? 'This result reads cached: true, as a local replay and a reconciled receipt both do — which one it was, and the evidence behind it, is lost. ' : ''}${f.writesTwice ? 'After OUTCOME_UNKNOWN, "retryable" sends the refund draft write again: a possible duplicate.' : ''}`.trim(),
    },
    5: {
      title: 'The model guesses retry from the message text: a rewritten message changes what happens next',
      correct: "the catalog's recovery for the code",
      mistaken: 'a decision read from the message',
      consequence: (f) =>
        f.code === undefined
          ? 'This result has no error: try an error scenario.'
          : `The catalog says ${f.recovery} for ${f.code}. Reading the text, a rewritten message turns "${f.original}" into "${f.rewritten}".`,
    },
    6: {
      title: 'Handler passes authorization / token through: the credential reaches the payload',
      correct: 'the real adapter output',
      mistaken: 'pass-through output',
      consequence: (f) =>
        f.credential !== undefined
          ? `The credential ${f.credential} is now text the model reads, and can repeat or send anywhere.`
          : 'No credential in this handler output: try search_kb.token_leak.',
    },
    7: {
      title: 'Results matched by array position: out-of-order results go to the wrong calls',
      correct: 'composeTurn pairs by call id',
      mistaken: 'paired by position',
      consequence: (f) =>
        `${f.wrong.length} of ${f.calls} calls receive another call's result: ${f.wrong.map((w) => `${w.tool} gets the ${w.given} result`).join('; ')}.`,
    },
    8: {
      title: "One provider's message shape as the internal model: the other adapters break or lose fields",
      correct: 'four adapters (three model providers and MCP) over one internal contract',
      mistaken: 'an Anthropic-shaped internal model, converted',
      consequence: (f) => `Converting out of another provider's shape loses what it never had: ${f.lost.join('; ')}.`,
    },
  },
  zh: {
    1: {
      title: '只有一个“全字段”结果对象，日志字段也进入模型',
      correct: '只由 model_result 生成的 OpenAI item',
      mistaken: '由全字段对象生成的 OpenAI item',
      consequence: (f) => `${f.leaked} 个审计值进入 provider：主体、各种 ID、幂等键、回执与摘要都成了模型可读的文本。`,
    },
    2: {
      title: '只校验输入，不校验逐工具输出：注入的 status 或额外字段进入模型',
      correct: 'model_result（逐工具精确输出合同）',
      mistaken: '未校验输出的 dispatcher 透传的内容',
      consequence: (f) =>
        f.reached
          ? `模型读到了合同从未允许的字段：${f.leakedKeys.join('、') || '被改动的值'}。data.status 为 "succeeded" 会与真正的顶层 status 相混淆。`
          : '此输入中 handler 没有越出合同，二者一致：请试试 create_refund_draft.status_injected。',
    },
    3: {
      title: '只看摘要长度，不重算摘要：伪造的摘要能通过',
      correct: 'validateResult（重算每个摘要）',
      mistaken: '只检查格式',
      consequence: () =>
        '被改动的 model_result 配一个随机但格式正确的 result_sha256 被接受了：64 位十六进制什么也证明不了。',
    },
    4: {
      title: '把 cached=true 当成恢复协议：重放与回执核对看起来一样，写操作被发送两次',
      correct: '合同中的 status、outcome 与 delivery',
      mistaken: 'ok / cached / retryable 三个布尔值',
      consequence: (f) =>
        !f.sameLook && !f.writesTwice
          ? '在这个结果上，三个布尔值没有丢失任何信息：它是新鲜结果，也不是结果未知的写操作。请试本地重放、回执核对或 OUTCOME_UNKNOWN 的退款。'
          : `${f.sameLook ? '这个结果读作 cached: true，本地重放与回执核对都是如此——究竟是哪一种、背后的证据是什么，都丢失了。' : ''}${f.writesTwice ? 'OUTCOME_UNKNOWN 之后，“retryable” 让退款草稿写操作再次发送：可能重复写入。' : ''}`,
    },
    5: {
      title: '让模型从错误 message 猜是否重试：改写消息就改变了下一步',
      correct: '目录中该错误码的 recovery',
      mistaken: '从消息文本读出的决定',
      consequence: (f) =>
        f.code === undefined
          ? '此结果没有错误：请试一个错误场景。'
          : `目录规定 ${f.code} 的恢复方式是 ${f.recovery}。若读文本，改写后的消息会把“${f.original}”变成“${f.rewritten}”。`,
    },
    6: {
      title: '允许 handler 透传 authorization、token 或控制字段：凭据进入 payload',
      correct: '真实 adapter 的输出',
      mistaken: '透传的输出',
      consequence: (f) =>
        f.credential !== undefined
          ? `凭据 ${f.credential} 成了模型可读的文本，可能被复述或发往任何地方。`
          : '此 handler 输出中没有凭据：请试试 search_kb.token_leak。',
    },
    7: {
      title: '用数组位置而非 call ID 关联多结果：乱序到达的结果被交给错误的调用',
      correct: 'composeTurn 按 call id 配对',
      mistaken: '按位置配对',
      consequence: (f) =>
        `${f.calls} 个调用中有 ${f.wrong.length} 个收到了别的调用的结果：${f.wrong.map((w) => `${w.tool} 收到了 ${w.given} 的结果`).join('；')}。`,
    },
    8: {
      title: '把某家 provider 的消息形状当成内部域模型：另外两个 adapter 出错或丢字段',
      correct: '同一内部合同上的四个 adapter（三个模型 provider 与 MCP）',
      mistaken: '以 Anthropic 形状为内部模型再转换',
      consequence: (f) => `从另一家的形状转换出来，丢掉了它本来就没有的东西：${f.lost.join('；')}。`,
    },
  },
});

/** A run's consequence in the learner's language: its mistake's words, given what the run found. */
export function consequenceOf<K extends MistakeId>(lang: Lang, run: MistakeRun<K>): string {
  return MISTAKE_TEXT[lang][run.id].consequence(run.facts);
}
