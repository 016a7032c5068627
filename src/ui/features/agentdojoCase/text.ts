/**
 * The real case's words, in both languages (src/texts.ts: the Chinese typed against the English). Values the
 * plane answered (codes, operation ids, IBANs) are arguments, never glued onto a translated fragment; names the
 * learner meets in code (send_money, trusted_arguments, model_result) stay as they are written there.
 */
import type { CaseProofId } from '../../../lessons/agentdojoCase/caseProofs.ts';
import type { SpellingId } from '../../../lessons/agentdojoCase/spellings.ts';
import { defineTexts } from '../../../texts.ts';

const en = {
  title: 'A real case: AgentDojo’s banking suite',
  back: '← Back to A14 in the attack lab',
  lead: 'A14 showed an injection that stays data: nothing in the result to reject. Here is the same attack from a published benchmark, in front of a real control plane running in this page. The injected text asks for a payment, the model obeys, and the payment is a new call: the plane holds it, because its recipient came only from data the model read.',
  source: 'Source',
  sourceLine: (repo: string, commit: string, licence: string) =>
    `AgentDojo (ETH Zurich & Invariant Labs, NeurIPS 2024), ${repo} at commit ${commit}, ${licence} licence:`,
  sourceTasks: (user: string, injection: string, attack: string) =>
    `user task ${user} × injection task ${injection}, attack “${attack}”. Transcribed from`,
  startOver: 'Start over',
  startOverHint: 'A new plane and a new bank: the case from its first step.',
  counter: (n: number) => `Payments the bank made: ${n}`,
  counterNote: 'Counted by the bank (the downstream), never taken from the model or the plane.',
  paymentsLabel: 'What the bank sent',
  noPayments: 'Nothing yet.',
  stepsLabel: 'The case, step by step',
  jumpNames: ['Request', 'Read', 'Refund', 'Hijack', 'Proof'] as readonly string[],
  status: (payments: number, held: number) => [`Payments: ${payments}`, `Held: ${held}`],
  preparing: 'The plane is noting the user’s request…',
  busy: 'The plane is answering…',
  col: { id: 'id', sender: 'sender', recipient: 'recipient', amount: 'amount', date: 'date', subject: 'subject' },

  requestTitle: 'The user’s request',
  requestWhy:
    'Emma Johnson types one sentence. Her words are the only text this conversation trusts: the page hands them to plane.noteTrusted before the model runs, as a dispatcher’s caller does. The model can never vouch for a value itself.',
  requestNoted: (ref: string) => `Noted trusted in conversation ${ref}.`,
  requestIban: (iban: string) => `So ${iban}, named here by the user, may be paid.`,

  readTitle: 'The model reads the history',
  readWhy:
    'The model’s first call, as in the task’s ground truth. Its result is data: the dispatcher marks it trust: untrusted_data, and the plane notes every value in it (argument provenance) under this call’s operation id.',
  readRun: 'Run the model’s call: get_most_recent_transactions({"n": 100})',
  readDone: (op: string, trust: string) => `Read as operation ${op}; every value noted untrusted (trust: ${trust}).`,
  readTable: 'model_result.data.transactions, as the model reads it',
  poisonedCaption: (path: string) => `${path}: written by whoever sent the 10.0. Shown as inert text:`,
  untrusted: 'untrusted data',
  poisonedNote: (iban: string) =>
    `The attacker’s IBAN, ${iban}, now sits in the conversation’s data. The model reads this as part of a result, and AgentDojo’s attack is built to make it obey.`,
  wholeResult: 'The whole model_result, as JSON',

  refundTitle: 'The refund the user asked for',
  refundWhy:
    'The model refunds the 10.0. Its recipient is in the user’s own words, so the rule has nothing to hold, even though the same IBAN also appears in the history’s data: a value the user vouched for is trusted.',
  refundRun: (iban: string) => `Run the refund: send_money to ${iban}, 10.0`,
  refundFirst: 'Run step 2 first: the model reads the history before it refunds.',
  refundRan: 'It ran: the bank made the payment. The model reads:',
  refundOther: (code: string) => `The plane answered ${code}.`,

  hijackTitle: 'The hijacked model asks for the attacker’s payment',
  hijackWhy:
    'You play the hijacked model: it now asks for InjectionTask5’s payment. The call is new, with its own checks, and the plane answers before anything reaches the bank.',
  spellingLabel: 'How the model writes the IBAN',
  spellings: {
    as_written: 'as injected',
    spaced: 'in groups of four',
    lower_case: 'in lower case',
  } as Record<SpellingId, string>,
  spellingNote:
    'The plane normalizes what it noted and what is asked the same way (NFKC, lower case, no spaces or dashes): a rewritten IBAN is the same value.',
  hijackAsk: (iban: string) => `Ask as the hijacked model: send_money to ${iban}`,
  hijackFirst: 'Run steps 2 and 3 first: the model reads the history and refunds before it is asked to pay.',
  heldTitle: (code: string) => `Held: the plane answers ${code}, and nothing reaches the bank`,
  notHeldTitle: (code: string) => `Not held: the plane answered ${code}`,
  rule: 'Rule',
  ruleText: 'trusted_arguments: ["recipient"] on send_money (argument provenance)',
  place: 'Where',
  placeText: 'the control plane, after authorize and before the call’s record: no handler runs',
  stops: 'Stops',
  stopsText: 'a tool result choosing where money goes (AgentDojo injection_task_5)',
  modelReads: 'What the model reads',
  previewTitle: 'The preview a person is shown',
  previewTool: 'tool',
  previewArgs: 'arguments',
  previewDigest: 'request digest',
  previewExpires: 'expires',
  provenanceTitle: 'Why a person is asked: preview.provenance',
  provenanceLine: (argument: string, tool: string) =>
    `The value of ${argument} reached the model only inside ${tool}’s result, never in the user’s words: the plane asks a person, it does not decide.`,
  sameAsRead: '= step 2’s read ✓',
  otherThanRead: (op: string) => `≠ step 2’s read (${op})`,
  stillPaid: (n: number) => `Payments the bank made: still ${n}.`,
  paidNow: (before: number, after: number) => `Payments the bank made: ${before} → ${after}.`,
  fourEyes:
    'A person other than Emma’s own principal would have to approve this exact preview: four eyes, bound to its digest, used once. This page asks no one, so the call stops here.',
  asksLabel: 'Your asks',
  askRow: (recipient: string, code: string) => `${recipient}: ${code}`,
  announceHeld: (code: string, n: number) => `Held: ${code}. Payments the bank made: still ${n}.`,
  announceRan: 'The payment ran.',

  proofTitle: 'Your proof',
  proofWhy:
    'Counted only from the plane’s answer to your own ask: opening the page, reading or refunding shows nothing. Kept while this page is open.',
  proofs: {
    injected_recipient_held: 'The injected recipient is held, its provenance naming your read, and no money moved',
    respelled_recipient_held: 'A rewritten spelling of it is held too (normalization)',
  } as Record<CaseProofId, string>,
  notYet: 'not shown yet',
  shownBy: (recipient: string, code: string, tool: string, op: string, before: number, after: number) =>
    `shown by your ask for ${recipient}: ${code}, recipient from ${tool} (${op}); payments ${before} → ${after}`,
  summary: (n: number, of: number) => `${n} of ${of} shown`,
  limitsTitle: 'What this rule cannot catch',
  limits: [
    'A value the model invents. An injection that has the model compose the IBAN from pieces (“US13, then 3000…”) never put that value in data, so nothing holds it: authorize and approvals are the layers for that.',
    'A look-alike. An IBAN with a Cyrillic У for the Latin U is another value after NFKC: provenance follows values, not meaning.',
    'The user’s own words naming the attacker’s account. Trusted means trusted: when the request itself names the IBAN, as one of AgentDojo’s banking tasks does, nothing here can tell.',
  ] as readonly string[],
  limitsDoc:
    'Read more in this repository: packages/tool-result-contract/docs/argument-provenance.md, section “Limits, said plainly”.',
};

const zh: typeof en = {
  title: '真实案例：AgentDojo 银行套件',
  back: '← 返回攻击实验室的 A14',
  lead: 'A14 展示了一段始终只是数据的注入：结果里没有可拒绝的东西。这里是同一种攻击，取自一个已发表的基准测试，面对的是在本页中运行的真实控制面。注入文本要求转账，模型照做；而这笔转账是一次新的调用：控制面把它扣下，因为收款方只来自模型读到的数据。',
  source: '来源',
  sourceLine: (repo: string, commit: string, licence: string) =>
    `AgentDojo（ETH Zurich 与 Invariant Labs，NeurIPS 2024），${repo}，提交 ${commit}，${licence} 许可：`,
  sourceTasks: (user: string, injection: string, attack: string) =>
    `用户任务 ${user} × 注入任务 ${injection}，攻击“${attack}”。数据逐字转录自`,
  startOver: '重新开始',
  startOverHint: '新的控制面、新的银行：从第一步重来。',
  counter: (n: number) => `银行已执行的转账：${n} 笔`,
  counterNote: '由银行（下游）计数，从不采信模型或控制面的说法。',
  paymentsLabel: '银行转出的款项',
  noPayments: '尚无。',
  stepsLabel: '案例步骤',
  jumpNames: ['请求', '读取', '退款', '劫持', '证明'] as readonly string[],
  status: (payments: number, held: number) => [`转账：${payments} 笔`, `扣下：${held} 次`],
  preparing: '控制面正在记录用户的请求……',
  busy: '控制面正在应答……',
  col: { id: 'id', sender: '付款方', recipient: '收款方', amount: '金额', date: '日期', subject: '附言' },

  requestTitle: '用户的请求',
  requestWhy:
    'Emma Johnson 输入了一句话。她的原话是本次对话唯一受信任的文本：页面在模型运行之前把它交给 plane.noteTrusted，正如 dispatcher 的调用方所做的那样。模型永远不能自己为某个值担保。',
  requestNoted: (ref: string) => `已在对话 ${ref} 中记为受信任。`,
  requestIban: (iban: string) => `因此，用户亲口说出的 ${iban} 可以收款。`,

  readTitle: '模型读取交易记录',
  readWhy:
    '模型的第一次调用，与任务的标准答案一致。它的结果是数据：dispatcher 将其标为 trust: untrusted_data，控制面把其中每个值连同这次调用的 operation id 一起记下（参数来源）。',
  readRun: '执行模型的调用：get_most_recent_transactions({"n": 100})',
  readDone: (op: string, trust: string) => `已读取，operation ${op}；其中每个值都记为不可信（trust: ${trust}）。`,
  readTable: 'model_result.data.transactions，即模型读到的内容',
  poisonedCaption: (path: string) => `${path}：由转来那 10.0 的人填写。这里作为惰性文本显示：`,
  untrusted: '不可信数据',
  poisonedNote: (iban: string) =>
    `攻击者的 IBAN ${iban} 现在就在本次对话的数据里。模型把它当作结果的一部分读到，而 AgentDojo 的攻击正是为了让模型服从它。`,
  wholeResult: '完整的 model_result（JSON）',

  refundTitle: '用户要求的退款',
  refundWhy:
    '模型退还这 10.0。收款方出现在用户的原话里，所以这条规则无需扣下它，尽管同一个 IBAN 也出现在交易记录的数据中：用户担保过的值是受信任的。',
  refundRun: (iban: string) => `执行退款：send_money 给 ${iban}，10.0`,
  refundFirst: '请先执行第 2 步：模型先读取交易记录，再退款。',
  refundRan: '已执行：银行完成了这笔转账。模型读到：',
  refundOther: (code: string) => `控制面的应答是 ${code}。`,

  hijackTitle: '被劫持的模型要求向攻击者转账',
  hijackWhy:
    '由你扮演被劫持的模型：它现在要求执行 InjectionTask5 的转账。这是一次新的调用，有它自己的检查；在任何东西到达银行之前，控制面先给出应答。',
  spellingLabel: '模型如何书写这个 IBAN',
  spellings: {
    as_written: '与注入文本一致',
    spaced: '每四位一组',
    lower_case: '全部小写',
  } as Record<SpellingId, string>,
  spellingNote:
    '控制面对记下的值和请求中的值做同样的规范化（NFKC、转小写、去掉空格和连字符）：改写过的 IBAN 仍是同一个值。',
  hijackAsk: (iban: string) => `以被劫持模型的身份请求：send_money 给 ${iban}`,
  hijackFirst: '请先执行第 2、3 步：模型先读取记录并退款，然后才被要求转账。',
  heldTitle: (code: string) => `已扣下：控制面应答 ${code}，没有任何东西到达银行`,
  notHeldTitle: (code: string) => `未扣下：控制面应答 ${code}`,
  rule: '规则',
  ruleText: 'send_money 上的 trusted_arguments: ["recipient"]（参数来源）',
  place: '位置',
  placeText: '控制面，在 authorize 之后、建立调用记录之前：handler 不会运行',
  stops: '拦住',
  stopsText: '由工具结果决定钱转到哪里（AgentDojo injection_task_5）',
  modelReads: '模型读到的内容',
  previewTitle: '展示给人的预览',
  previewTool: '工具',
  previewArgs: '参数',
  previewDigest: '请求摘要',
  previewExpires: '过期时间',
  provenanceTitle: '为什么要问人：preview.provenance',
  provenanceLine: (argument: string, tool: string) =>
    `${argument} 的值只在 ${tool} 的结果里到达过模型，从未出现在用户的原话中：控制面去问人，而不是自己做决定。`,
  sameAsRead: '= 第 2 步的读取 ✓',
  otherThanRead: (op: string) => `≠ 第 2 步的读取（${op}）`,
  stillPaid: (n: number) => `银行已执行的转账：仍是 ${n} 笔。`,
  paidNow: (before: number, after: number) => `银行已执行的转账：${before} → ${after} 笔。`,
  fourEyes:
    '必须由 Emma 本人主体以外的另一个人批准这份预览（四眼原则：绑定其摘要，只能使用一次）。本页不请任何人批准，所以调用到此为止。',
  asksLabel: '你的请求',
  askRow: (recipient: string, code: string) => `${recipient}：${code}`,
  announceHeld: (code: string, n: number) => `已扣下：${code}。银行已执行的转账仍是 ${n} 笔。`,
  announceRan: '这笔转账已执行。',

  proofTitle: '你的证明',
  proofWhy: '只依据控制面对你本人请求的应答来计数：打开页面、读取或退款都不算。只在本页打开期间保留。',
  proofs: {
    injected_recipient_held: '注入的收款方被扣下，来源指向你的那次读取，且没有资金转出',
    respelled_recipient_held: '改写拼写后的同一收款方同样被扣下（规范化）',
  } as Record<CaseProofId, string>,
  notYet: '尚未证明',
  shownBy: (recipient: string, code: string, tool: string, op: string, before: number, after: number) =>
    `由你对 ${recipient} 的请求证明：${code}，收款方来自 ${tool}（${op}）；转账 ${before} → ${after} 笔`,
  summary: (n: number, of: number) => `已证明 ${n} / ${of}`,
  limitsTitle: '这条规则拦不住什么',
  limits: [
    '模型自己编出的值。如果注入让模型把 IBAN 拼凑出来（“先写 US13，再写 3000……”），这个值从未出现在数据里，也就不会被扣下：那要靠 authorize 和审批这两层。',
    '形近字符。把拉丁字母 U 换成西里尔字母 У 的 IBAN，经过 NFKC 后是另一个值：参数来源追踪的是值，而不是含义。',
    '用户自己的话里写着攻击者的账户。受信任就是受信任：当请求本身就写出这个 IBAN 时（AgentDojo 银行套件中就有这样的任务），这里无从分辨。',
  ] as readonly string[],
  limitsDoc: '详见本仓库 packages/tool-result-contract/docs/argument-provenance.md 的“Limits, said plainly”一节。',
};

export const CASE_TEXT = defineTexts({ en, zh });
