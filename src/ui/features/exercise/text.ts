/** The exercise panel's words, in both languages (the chapter's 动手实践). */
import type { ExerciseKind } from '../../../lessons/exercise.ts';
import type { InjectionKind, ProofId, ProofStep, StepKey } from '../../../lessons/exerciseProofs.ts';
import { defineTexts } from '../../../texts.ts';

const list = (xs: readonly (string | number)[]): string => xs.join(', ');

const en = {
  title: 'Hands-on: design five knowledge-search results, then prove five things',
  intro:
    'Each slot is one search_kb call. Write the handler output that makes it show what the slot asks for (click a slot to open it in the editor); its requirement turns ✓ as you type. Then seal it: its package is kept as stored, and every later change is checked as a presented package against that stored audit.',
  summary: (n: number, total: number) => `${n} / ${total} proofs shown`,
  summaryNote: 'Only your own actions count.',
  checking: 'checking…',
  reset: 'Reset the exercise',
  results: 'Your five results',
  proofs: 'The five proofs',
  atAGlance: 'The five proofs at a glance',
  kinds: {
    hits: 'Success with hits',
    empty: 'Success, no hits',
    no_access: 'No access',
    rate_limited: 'Rate limited (429)',
    truncated: 'Truncated',
  } as Record<ExerciseKind, string>,
  asks: {
    hits: 'succeeded, at least one hit, not truncated',
    empty: 'succeeded with an empty hits list',
    no_access: 'NOT_FOUND: the same answer as for a missing document',
    rate_limited: 'RATE_LIMIT with retry_after_ms',
    truncated:
      'succeeded, and the handler says it cut the list short: "truncated": true at the top of its output, beside kind (model_result then says complete: false)',
  } as Record<ExerciseKind, string>,
  handlerFormat:
    'What you write in this track is a handler output: what the tool’s handler returns, before the dispatcher checks it. A success is {"kind": "success", "data": {…the tool’s data…}, "provenance": {"source_label", "producer_revision", "resource_revision", "observed_at"}}; an error is {"kind": "error", "error": {"code": "NOT_FOUND"} (RATE_LIMIT also needs "retry_after_ms"), "observed_at": …}. Either may carry "downstream": {"request_ref", "receipt_ref", "status_ref"}. The dispatcher then makes model_result and protected_audit from it for you.',
  shape:
    'A handler output is {"kind": "success", "data": …, "provenance": …} or {"kind": "error", "error": {"code": …}, "observed_at": …}. Stuck? Open the worked answer.',
  shows: 'requirement met',
  notShows: 'not yet',
  asksLabel: 'must be',
  open: (n: number, kind: string) => `Open result ${n} (${kind}) in the editor`,
  parseError: (line: number, column: number) => `Not JSON at ${line}:${column}`,
  leftOut: 'Nothing is checked until it parses.',
  contextInvalid: 'Its trusted context is not valid: fix it in the Trusted context tab.',
  hitsCount: (n: number) => `${n} hit${n === 1 ? '' : 's'}`,
  audit: 'protected_audit',
  auditViolations: 'violations',
  principal: 'principal_ref',
  callId: 'call id',
  seal: 'Seal',
  unseal: 'Unseal',
  sealTitle: (n: number) => `Seal result ${n}: keep its package as stored`,
  unsealTitle: (n: number) => `Unseal result ${n}: back to live projection`,
  sealNeeds: 'Meet the requirement first.',
  sealed: 'sealed',
  presentedTitle: 'The presented package: your text’s model_result with the sealed protected_audit',
  presentedOk: '✓ presented package accepted: it is the package that was sealed',
  presentedRefused: '✗ presented package refused',
  presentedNothing: 'Fix the text (or the context) to present it.',
  changedField: (path: string) => `you changed ${path}`,
  presentedTypedRefused: (codes: string) =>
    `your handler output as typed is itself refused (${codes}), so its model_result is the contract error`,
  typedLabel: 'Your handler output, as typed:',
  notStarted: 'not started: still the empty template',
  sameRequest: (others: string, normalized: boolean) =>
    `Same request_sha256 as result ${others}: the request digest binds the intent (the tool and its arguments${normalized ? ', once normalized: a default such as top_k: 5 is filled in where it was left out' : ''}), and these calls ask the same thing. call_binding_sha256, which also binds this call’s ids and idempotency key, is what tells them apart.`,
  storedCol: 'stored',
  recomputedCol: 'recomputed',
  digestVerdict: (same: boolean): string => (same ? 'matches' : 'differs'),
  worked: 'Show a worked answer',
  workedHide: 'Hide the worked answer',
  workedTitle: (n: number) => `Worked answer for result ${n}`,
  workedNote:
    'The shipped result, for reading. It is not yours until you use it, and using it proves nothing by itself.',
  workedUse: (n: number) => `Use it in result ${n}`,
  proofStatements: {
    no_principal_or_receipt: 'The model projection holds no principal and no internal receipt.',
    business_change_changes_result: 'Changing any business field changes result_sha256.',
    swap_or_key_breaks_binding:
      'Swapping two calls’ projections, or replacing only the idempotency key, breaks call_binding_sha256.',
    injections_rejected: 'An injected top-level status, a nested token, or an extra business field is rejected.',
    no_audit_in_payloads: 'No provider payload contains protected_audit.',
  } as Record<ProofId, string>,
  proofShort: {
    no_principal_or_receipt: 'no principal, no receipt',
    business_change_changes_result: 'field → result_sha256',
    swap_or_key_breaks_binding: 'swap / key → call binding',
    injections_rejected: 'injections refused',
    no_audit_in_payloads: 'no audit in payloads',
  } as Record<ProofId, string>,
  howTo: {
    no_principal_or_receipt: 'Seal all five, then search their projections.',
    business_change_changes_result:
      'Seal a result, then change a business field of it in the editor (a title, a snippet, retry_after_ms).',
    swap_or_key_breaks_binding:
      'Seal results 1 and 2 and swap them; seal the open result and replace only its idempotency key (the button, or the key itself in the Trusted context tab, with nothing else changed).',
    injections_rejected:
      'Open a successful result and add each of the three to its handler output: type it in the editor, or let a button write it there. Take each back (Ctrl+Z) before the next.',
    no_audit_in_payloads: 'Seal all five, then build their OpenAI, Anthropic, Gemini and MCP payloads and search them.',
  } as Record<ProofId, string>,
  shownBadge: 'shown',
  notYet: 'not yet shown',
  partNotYet: 'not yet',
  parts: {
    scan_projection: 'search the sealed projections',
    edit_sealed: 'change a sealed result',
    swap: 'swap two sealed results',
    replace_key: 'replace only the idempotency key',
    inject_status: 'inject a status posing as the result’s own (beside kind, or at the top of data)',
    inject_token: 'inject a nested token or credential key',
    inject_extra: 'inject an extra business field',
    scan_payloads: 'search the provider payloads',
  } as Record<StepKey, string>,
  scanProjection: 'Search my sealed projections',
  scanPayloads: 'Build and search my provider payloads',
  needsFive: (k: number) => `Seal all five first (${k} / 5 sealed).`,
  swap: 'Swap results 1 and 2',
  swapNeeds: 'Seal results 1 and 2 first.',
  replaceKey: 'Replace only the idempotency key',
  replaceKeyNeeds: (n: number) => `Seal result ${n} (the open one) first.`,
  keyNotAlone: (n: number, others: string) =>
    `You changed the idempotency key of result ${n}, but also ${others}: this part needs the key alone to change. Put the other change back and it counts.`,
  keyTypedRefused: (n: number, codes: string) =>
    `You changed the idempotency key of result ${n}, but its handler output as typed is refused (${codes}): this part needs the key alone to change. Put the text back and it counts.`,
  injectButton: (kind: InjectionKind, into: string, member: string) =>
    kind === 'status'
      ? `Write "${member}" into ${into} (posing as the top-level status)`
      : kind === 'token'
        ? `Write a "${member}" into ${into}`
        : `Write an extra field "${member}" into ${into}`,
  injectionFound: (kind: InjectionKind, path: string, code: string) =>
    `${kind === 'status' ? 'a status posing as the result’s own' : kind === 'token' ? 'a nested token' : 'an extra business field'} (${path} → ${code})`,
  injectNotJson: (n: number) => `Result ${n} (the open one) is not JSON yet: fix it first.`,
  injectContextInvalid: (n: number) => `Result ${n}’s trusted context (the open one) is not valid: fix it first.`,
  injectErrorResult: (n: number, code: string) =>
    `Result ${n} (the open one) is an error result (${code}): it has no data to inject into. Open result 1, 2 or 5.`,
  injectNoData: (n: number) =>
    `Result ${n} (the open one) has no success data yet: write {"kind": "success", "data": …} first.`,
  injectAlready: (n: number, what: string) =>
    `Result ${n} (the open one) already carries ${what}, refused as it should be. Take it back (Ctrl+Z in the editor) before the next, so that each refusal is seen alone.`,
  injectRefused: (n: number, what: string) =>
    `Result ${n}’s handler output (the open one) is already refused (${what}): fix that first, so that an injection’s refusal is seen alone.`,
  wroteInto: (n: number, member: string, path: string) =>
    `Written into result ${n} in the editor: "${member}" at ${path} →`,
  takeBack: 'Take it back',
  listSep: ', ',
  complete: '✓ Done: all five proofs shown, each by your own action.',
  next: 'Next, the recovery walk-through: after an error result (OUTCOME_UNKNOWN, RATE_LIMIT, a local replay), what the trusted control plane does comes from ERROR_CATALOG[code].recovery, never from the message.',
  nextLink: 'Open Recovery →',
  underCall: (a: number, b: number) => `sealed result ${a} presented under call ${b}`,
  keyUnder: (n: number) => `sealed result ${n} under a new idempotency key`,
  refusedWith: 'refused:',
  acceptedOops: 'accepted — nothing was shown',
  modelSees: 'the model sees',
  projectionClean: (n: number, checks: number) => `result ${n}: none of ${checks} checks found a principal or receipt`,
  projectionFound: (n: number, what: string) => `result ${n}: model_result ${what}`,
  payloadClean: (title: string) => `${title}: no protected_audit, no audit value`,
  payloadLeak: (title: string, what: string) => `${title}: contains ${what}`,
  payloadRefused: (title: string) => `${title}: the adapter refused the package`,
  alsoChecked: (n: number, verdict: string) =>
    `The app also checked ${n} more cases on your results (${verdict}); those are its tests, not your proof.`,
  verdicts: { holds: 'all held', fails: 'some failed', vacuous: 'nothing to check yet' },
  stepSentence: (s: ProofStep): string => {
    switch (s.step) {
      case 'scan_projection':
        return `you searched the projections of results ${list(s.slots)} → no principal, no receipt`;
      case 'edit_sealed':
        return `you changed ${s.path} in sealed result ${s.slot} → ${list(s.codes)}`;
      case 'swap':
        return `you swapped ${s.a} and ${s.b} → ${list(s.codes)}`;
      case 'replace_key':
        return `you replaced only the idempotency key of result ${s.slot} → ${list(s.codes)}`;
      case 'inject':
        return s.path === undefined
          ? `you injected ${s.injection === 'status' ? 'a top-level status' : s.injection === 'token' ? 'a nested token' : 'an extra business field'} into result ${s.slot} → ${s.code}`
          : `you added ${s.path} to result ${s.slot} → ${s.code}`;
      case 'scan_payloads':
        return `you searched ${s.payloads} provider payloads of results ${list(s.slots)} → no protected_audit`;
    }
  },
};

const zh: typeof en = {
  title: '动手实践：设计五个知识库搜索结果，再证明五件事',
  intro:
    '每一栏是一次 search_kb 调用。写出 handler 输出，让它满足该栏的要求（点击某一栏即可在编辑器中打开）；输入时要求会即时变为 ✓。然后封存：它的 package 按原样保存，之后的每次修改都会作为“呈上的 package”与保存的审计对照检查。',
  summary: (n, total) => `已证明 ${n} / ${total}`,
  summaryNote: '只计入你自己的操作。',
  checking: '检查中……',
  reset: '重置练习',
  results: '你的五个结果',
  proofs: '五项证明',
  atAGlance: '五项证明一览',
  kinds: {
    hits: '成功有结果',
    empty: '成功为空',
    no_access: '无权访问',
    rate_limited: '限流（429）',
    truncated: '结果截断',
  },
  asks: {
    hits: 'succeeded，至少一条命中，未截断',
    empty: 'succeeded，hits 为空列表',
    no_access: 'NOT_FOUND：与资源不存在时的回答相同',
    rate_limited: 'RATE_LIMIT，带 retry_after_ms',
    truncated:
      'succeeded，并且 handler 说明它截断了列表：在输出顶层、与 kind 并列写上 "truncated": true（model_result 随之给出 complete: false）',
  },
  handlerFormat:
    '这一练习中你写的是 handler 输出：工具 handler 返回、尚未经 dispatcher 校验的原始结果。成功为 {"kind": "success", "data": {…工具数据…}, "provenance": {"source_label", "producer_revision", "resource_revision", "observed_at"}}；错误为 {"kind": "error", "error": {"code": "NOT_FOUND"}（RATE_LIMIT 还需 "retry_after_ms"）, "observed_at": …}。两者都可带 "downstream": {"request_ref", "receipt_ref", "status_ref"}。之后由 dispatcher 替你生成 model_result 与 protected_audit。',
  shape:
    'handler 输出形如 {"kind": "success", "data": …, "provenance": …} 或 {"kind": "error", "error": {"code": …}, "observed_at": …}。卡住了？打开参考答案。',
  shows: '已满足要求',
  notShows: '尚未满足',
  asksLabel: '要求',
  open: (n, kind) => `在编辑器中打开结果 ${n}（${kind}）`,
  parseError: (line, column) => `不是合法 JSON，位置 ${line}:${column}`,
  leftOut: '能解析之前不做任何检查。',
  contextInvalid: '它的受信任上下文无效：请在“受信任上下文”标签页中修正。',
  hitsCount: (n) => `${n} 条命中`,
  audit: 'protected_audit',
  auditViolations: '违规',
  principal: 'principal_ref',
  callId: 'call id',
  seal: '封存',
  unseal: '解除封存',
  sealTitle: (n) => `封存结果 ${n}：按原样保存它的 package`,
  unsealTitle: (n) => `解除结果 ${n} 的封存：回到实时投影`,
  sealNeeds: '请先满足要求。',
  sealed: '已封存',
  presentedTitle: '呈上的 package：你文本的 model_result 配上封存的 protected_audit',
  presentedOk: '✓ 呈上的 package 通过：正是封存时的 package',
  presentedRefused: '✗ 呈上的 package 被拒绝',
  presentedNothing: '修正文本（或上下文）后才能呈上。',
  changedField: (path) => `你修改了 ${path}`,
  presentedTypedRefused: (codes) => `你输入的 handler 输出本身就被拒绝（${codes}），所以它的 model_result 是合同错误`,
  typedLabel: '你输入的 handler 输出：',
  notStarted: '尚未开始：仍是空模板',
  sameRequest: (others, normalized) =>
    `与结果 ${others} 的 request_sha256 相同：请求摘要绑定的是意图（工具及其参数${normalized ? '，按规范化之后：省略的参数会补上默认值，例如 top_k: 5' : ''}），这几次调用问的是同一件事。区分它们的是 call_binding_sha256：它还绑定了本次调用的各个 ID 与幂等键。`,
  storedCol: '保存的',
  recomputedCol: '重算的',
  digestVerdict: (same) => (same ? '一致' : '不一致'),
  worked: '查看参考答案',
  workedHide: '隐藏参考答案',
  workedTitle: (n) => `结果 ${n} 的参考答案`,
  workedNote: '内置的结果，仅供阅读。在你使用它之前它不属于你；使用它本身也不算任何证明。',
  workedUse: (n) => `在结果 ${n} 中使用`,
  proofStatements: {
    no_principal_or_receipt: '模型投影中没有主体与内部 receipt。',
    business_change_changes_result: '修改任何业务字段都会改变 result_sha256。',
    swap_or_key_breaks_binding: '交换两个 call 的投影，或只替换 idempotency key，都会使 call_binding_sha256 失配。',
    injections_rejected: '注入顶层 status、嵌套 token 或额外业务字段会被拒绝。',
    no_audit_in_payloads: 'provider payload 中不存在 protected_audit。',
  },
  proofShort: {
    no_principal_or_receipt: '无主体、无 receipt',
    business_change_changes_result: '字段 → result_sha256',
    swap_or_key_breaks_binding: '交换 / 换键 → 调用绑定',
    injections_rejected: '注入被拒绝',
    no_audit_in_payloads: 'payload 中无审计',
  },
  howTo: {
    no_principal_or_receipt: '封存全部五个结果，然后检查它们的投影。',
    business_change_changes_result: '封存一个结果，然后在编辑器中修改它的一个业务字段（标题、摘要或 retry_after_ms）。',
    swap_or_key_breaks_binding:
      '封存结果 1 和 2 并交换它们；封存当前打开的结果并只替换它的幂等键（用按钮，或在“受信任上下文”标签页中直接改幂等键，其他都不改）。',
    injections_rejected:
      '打开一个成功的结果，把三种注入分别加入它的 handler 输出：在编辑器里自己输入，或让按钮写进编辑器。每做完一种先撤销（Ctrl+Z）再做下一种。',
    no_audit_in_payloads: '封存全部五个结果，然后构建它们的 OpenAI、Anthropic、Gemini 与 MCP payload 并检查。',
  },
  shownBadge: '已证明',
  notYet: '尚未证明',
  partNotYet: '尚未完成',
  parts: {
    scan_projection: '检查已封存的投影',
    edit_sealed: '修改一个已封存的结果',
    swap: '交换两个已封存的结果',
    replace_key: '只替换幂等键',
    inject_status: '注入冒充结果自身状态的 status（与 kind 并列，或在 data 顶层）',
    inject_token: '注入嵌套的 token 或凭据键',
    inject_extra: '注入额外业务字段',
    scan_payloads: '检查 provider payload',
  },
  scanProjection: '检查我封存的投影',
  scanPayloads: '构建并检查我的 provider payload',
  needsFive: (k) => `请先封存全部五个结果（已封存 ${k} / 5）。`,
  swap: '交换结果 1 和 2',
  swapNeeds: '请先封存结果 1 和 2。',
  replaceKey: '只替换幂等键',
  replaceKeyNeeds: (n) => `请先封存结果 ${n}（当前打开的结果）。`,
  keyNotAlone: (n, others) =>
    `你修改了结果 ${n} 的幂等键，但同时还改了 ${others}：这一项要求只改幂等键。把其他修改改回去，它就会计入。`,
  keyTypedRefused: (n, codes) =>
    `你修改了结果 ${n} 的幂等键，但你输入的 handler 输出本身被拒绝（${codes}）：这一项要求只改幂等键。把文本改回去，它就会计入。`,
  injectButton: (kind, into, member) =>
    kind === 'status'
      ? `在 ${into} 中写入 "${member}"（冒充顶层 status）`
      : kind === 'token'
        ? `在 ${into} 中写入 "${member}"`
        : `在 ${into} 中写入额外字段 "${member}"`,
  injectionFound: (kind, path, code) =>
    `${kind === 'status' ? '冒充结果自身状态的 status' : kind === 'token' ? '嵌套 token' : '额外业务字段'}（${path} → ${code}）`,
  injectNotJson: (n) => `结果 ${n}（当前打开的结果）还不是合法 JSON：请先修正。`,
  injectContextInvalid: (n) => `结果 ${n}（当前打开的结果）的受信任上下文无效：请先修正。`,
  injectErrorResult: (n, code) =>
    `结果 ${n}（当前打开的结果）是错误结果（${code}）：没有可注入的 data。请打开结果 1、2 或 5。`,
  injectNoData: (n) => `结果 ${n}（当前打开的结果）还没有成功的 data：请先写出 {"kind": "success", "data": …}。`,
  injectAlready: (n, what) =>
    `结果 ${n}（当前打开的结果）已带有${what}，并已按预期被拒绝。先撤销它（在编辑器中按 Ctrl+Z）再做下一种，这样每次拒绝都能单独看清。`,
  injectRefused: (n, what) =>
    `结果 ${n}（当前打开的结果）的 handler 输出已经被拒绝（${what}）：请先修正它，这样注入引起的拒绝才能单独看清。`,
  wroteInto: (n, member, path) => `已写入编辑器中的结果 ${n}："${member}" 位于 ${path} →`,
  takeBack: '撤销这次写入',
  listSep: '、',
  complete: '✓ 完成：五项证明全部由你自己的操作给出。',
  next: '下一步：恢复流程。结果出错之后（OUTCOME_UNKNOWN、RATE_LIMIT、本地重放），受信任控制面做什么由 ERROR_CATALOG[code].recovery 决定，而不是 message。',
  nextLink: '打开恢复流程 →',
  underCall: (a, b) => `已封存的结果 ${a} 呈给调用 ${b}`,
  keyUnder: (n) => `已封存的结果 ${n} 换上新的幂等键`,
  refusedWith: '被拒绝：',
  acceptedOops: '被接受——什么也没有证明',
  modelSees: '模型看到',
  projectionClean: (n, checks) => `结果 ${n}：${checks} 项检查均未发现主体或 receipt`,
  projectionFound: (n, what) => `结果 ${n}：model_result ${what}`,
  payloadClean: (title) => `${title}：没有 protected_audit，也没有任何审计值`,
  payloadLeak: (title, what) => `${title}：包含 ${what}`,
  payloadRefused: (title) => `${title}：adapter 拒绝了该 package`,
  alsoChecked: (n, verdict) => `应用还在你的结果上额外检查了 ${n} 种情况（${verdict}）；那是应用的测试，不算你的证明。`,
  verdicts: { holds: '全部成立', fails: '有不成立之处', vacuous: '暂无可检查' },
  stepSentence: (s) => {
    switch (s.step) {
      case 'scan_projection':
        return `你检查了结果 ${list(s.slots)} 的投影 → 无主体、无 receipt`;
      case 'edit_sealed':
        return `你修改了已封存结果 ${s.slot} 的 ${s.path} → ${list(s.codes)}`;
      case 'swap':
        return `你交换了结果 ${s.a} 和 ${s.b} → ${list(s.codes)}`;
      case 'replace_key':
        return `你只替换了结果 ${s.slot} 的幂等键 → ${list(s.codes)}`;
      case 'inject':
        return s.path === undefined
          ? `你向结果 ${s.slot} 注入了${s.injection === 'status' ? '顶层 status' : s.injection === 'token' ? '嵌套 token' : '额外业务字段'} → ${s.code}`
          : `你向结果 ${s.slot} 加入了 ${s.path} → ${s.code}`;
      case 'scan_payloads':
        return `你检查了结果 ${list(s.slots)} 的 ${s.payloads} 个 provider payload → 没有 protected_audit`;
    }
  },
};

export const EXERCISE_TEXT = defineTexts({ en, zh });
