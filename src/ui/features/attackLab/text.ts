/** The attack lab's own words, in both languages. Violation prose lives in ui/i18n/violations.ts. */
import type { AttackInfo, StoppedBy } from '../../../lessons/attacks.ts';
import type { Inapplicable } from '../../../playground/attackView.ts';
import { defineTexts } from '../../../texts.ts';

const en = {
  listLabel: 'Attacks',
  runningOn: 'Scenario',
  pick: 'Pick an attack: it runs against the scenario as you edited it, and the real checks give the verdict.',
  surface: {
    handler: 'handler output',
    mcp: 'MCP server answer',
    package: 'stored package',
    adapter: 'adapter route',
  } as Record<AttackInfo['surface'], string>,
  surfaceHint: 'where the attacker acts',
  notHere: 'needs another scenario',
  lesson: 'Lesson',
  expected: 'The check that should stop it',
  expectedStop: (s: StoppedBy): string =>
    s.how === 'nothing'
      ? 'nothing: the contract carries this text as data; the defence is further on (approval, recipient policy)'
      : s.how === 'keyed_only'
        ? `nothing in sha256 mode; ${s.codes.join(', ')} in keyed mode`
        : s.how === 'with_binding'
          ? `${s.codes.join(', ')} (and the call binding that covers it)`
          : s.codes.join(s.how === 'any' ? ' or ' : ' + '),
  runOn: (title: string) => `Run on “${title}”`,
  inapplicable: (r: Inapplicable, id: string): string => {
    switch (r.why) {
      case 'baseline_invalid':
        return `This scenario’s own package does not pass validation as it stands (${r.codes.join(', ')}), so a tampered copy would prove nothing.`;
      case 'needs_error':
        return `${id} rewrites an error’s message or recovery, but this scenario’s result succeeded: there is no error to rewrite.`;
      case 'needs_success':
        return `${id} edits the data of a successful handler output, but this scenario’s result is an error${r.errorCode === null ? '' : ` (${r.errorCode})`}: there is no data to edit.`;
      case 'unknown_tool':
        return `The tool “${r.tool}” has no registered contract, so there is no data to attack: the dispatcher can only answer UNKNOWN_TOOL.`;
      case 'already_keyed':
        return `This scenario already binds its audit with a key (${r.keyId}). ${id} starts from a plain SHA-256 store to show why the key matters.`;
      case 'no_effect':
        return `This scenario’s data has no free-text field to carry the attack, so ${id} would change nothing here.`;
      case 'failed':
        return `The attack could not run here: ${r.message}`;
    }
  },
  verdict: 'Verdict',
  verdictSubject: {
    handler:
      'Judged here: the attack’s tampered copy of your handler output, as the dispatcher receives it. The editor and the Problems panel keep judging your own output, untampered.',
    mcp: 'Judged here: the answer of an MCP server serving this call, as the dispatcher’s projectMcp reads it. The editor and the Problems panel keep judging your own handler output, untampered.',
    package:
      'Judged here: the attack’s tampered package, presented to the validator. The editor and the Problems panel keep judging your own handler output, untampered.',
    adapter:
      'Judged here: your package sent along the attack’s adapter route. The editor and the Problems panel keep judging your own handler output, on the registered route.',
  } as Record<AttackInfo['surface'], string>,
  announce: (id: string, kind: string): string => `${id}: ${kind}`,
  kindWord: {
    stopped: 'stopped',
    contract_error: 'stopped at the dispatcher',
    sha256_passes_keyed_stops: 'passes in sha256 mode, stopped in keyed mode',
    nothing_to_reject: 'nothing to reject',
    not_stopped: 'not stopped',
    inapplicable: 'does not apply to this scenario',
  } as Record<string, string>,
  stoppedTitle: 'Stopped: the validator rejects the tampered package',
  stoppedBy: 'Stopped by',
  contractTitle: (code: string) => `Stopped at the dispatcher: the model gets ${code}, never the tampered data`,
  contractModelGets: 'What the model reads instead',
  contractNote:
    'The package the dispatcher built is itself valid: the model reads a catalog error, and protected_audit records why.',
  auditViolations: 'Stopped by (protected_audit.violations)',
  a11Plain: 'sha256 mode: passes',
  a11PlainNote:
    'The attacker changed the data and recomputed result_sha256 and call_binding_sha256. Every recomputed digest matches, so validation passes. A plain SHA-256 binding is not a signature: whoever can rewrite the store can recompute it.',
  a11Keyed: (keyId: string) => `keyed mode (HMAC-SHA-256, key ${keyId}): stopped`,
  a11KeyedNote: 'Without the audit key the attacker can only compute plain hashes where HMACs belong.',
  recoveryLink:
    'One step further: where send_email exists, the control plane holds it for approval and the preview shows the recipient the injection chose (Recovery lab) →',
  nextTurnLink:
    'See it happen: the next turn, where the model asks for send_email and the gate answers UNKNOWN_TOOL (Model turn) →',
  realCaseLink:
    'A real case: the same attack in AgentDojo’s banking suite, where an injected IBAN becomes a payment and the control plane holds it →',
  realCaseTitle: 'A real case: AgentDojo banking',
  realCaseNote: 'After A14: an injected transaction subject, the hijacked model’s payment, held by the plane.',
  nothingTitle: 'Nothing to reject: the injection is valid data and stays data',
  /** The verdict in a few words, for the phone's sticky bar (with the attack's id before it). */
  catalogMessageNote: 'The model gets this fixed English catalog text, whatever the page’s language: by design.',
  barVerdict: {
    stopped: '✓ stopped',
    contract_error: '✓ stopped at the dispatcher',
    sha256_passes_keyed_stops: '✗ sha256 · ✓ keyed',
    nothing_to_reject: '○ nothing to reject',
    not_stopped: '✗ not stopped',
  },
  nothingTrust: (trust: string) =>
    `It reaches the model inside data, marked trust: ${trust}. Shown here as inert text:`,
  nothingNext: (tool: string, registered: boolean) => [
    `If the model obeys and calls ${tool}, that call is a new request with its own checks:`,
    `its arguments must pass ${tool}’s own input schema;`,
    'the principal must be authorized for it (tenant, subject, resource);',
    'a write with side effects needs an approval the text cannot grant.',
    registered ? '' : `In this registry ${tool} does not even exist: the dispatcher would answer UNKNOWN_TOOL.`,
  ],
  notStoppedTitle: 'Not stopped: the tampered package passes validation',
  notStoppedNote:
    'For this attack that is a defect. Compare the diff below with the checks that should have caught it.',
  twoCalls: 'Two calls in the same turn',
  callA: 'Call A (the other call)',
  callB: 'Call B (the victim)',
  a1Note: 'The attacker puts call A’s model_result into call B’s package; B’s protected_audit stays as it was.',
  a2Note:
    'The attacker presents call A’s whole package (both projections, internally consistent) as the answer to call B.',
  diffPackage: 'Package: stored vs presented',
  stored: 'stored (victim)',
  presented: 'presented (tampered)',
  diffTrusted: 'Trusted context: the call as it was vs as presented',
  trustedVictim: 'trusted context (victim)',
  trustedTampered: 'trusted context (as presented)',
  diffHandler: 'Handler output: as returned vs tampered',
  handlerBefore: 'handler output (honest)',
  handlerAfter: 'handler output (tampered)',
  diffMcp: 'The MCP server’s CallToolResult: honest vs hostile',
  mcpBefore: 'CallToolResult (honest)',
  mcpAfter: 'CallToolResult (hostile)',
  diffModel: 'The resulting model_result',
  modelBefore: 'model_result (honest)',
  modelAfter: 'model_result (after the tamper)',
  digests: 'Digests: stored in the package vs recomputed from the trusted context',
  digestsKeyed: 'Keyed mode: stored vs recomputed',
  digest: 'digest',
  storedCol: 'stored',
  recomputedCol: 'recomputed',
  matchCol: 'verdict',
  match: 'match',
  differs: 'differs',
  adapter: 'Provider adapter',
  adapterOk: (rev: string) => `Registered route (${rev}): serializes model_result only`,
  adapterRefused: (rev: string) => `Tampered route (${rev}): refused before serialization`,
  adapterRefusedCodes: 'toProviderItem threw AdapterRefusedError:',
  adapterVictimRefused: (rev: string) => `Registered route (${rev}): refused`,
  callId: 'call id',
  operationId: 'operation id',
  idempotencyKey: 'idempotency key',
  modelData: 'model_result.data',
  modelError: 'model_result.error',
};

const zh: typeof en = {
  listLabel: '攻击',
  runningOn: '场景',
  pick: '选择一种攻击：它作用于你编辑后的场景，由真实的校验给出结论。',
  surface: { handler: 'handler 输出', mcp: 'MCP 服务器应答', package: '已存储的 package', adapter: 'adapter 路由' },
  surfaceHint: '攻击者作用的位置',
  notHere: '需换一个场景',
  lesson: '要点',
  expected: '本应拦下它的检查',
  expectedStop: (s) =>
    s.how === 'nothing'
      ? '无：合同把这段文字当作数据传递，防线在后面（审批、收件人策略）'
      : s.how === 'keyed_only'
        ? `sha256 模式下无；密钥模式下为 ${s.codes.join('、')}`
        : s.how === 'with_binding'
          ? `${s.codes.join('、')}（以及覆盖它的调用绑定）`
          : s.codes.join(s.how === 'any' ? ' 或 ' : ' + '),
  runOn: (title) => `在“${title}”上运行`,
  inapplicable: (r, id) => {
    switch (r.why) {
      case 'baseline_invalid':
        return `该场景自身的 package 目前就无法通过校验（${r.codes.join('、')}），篡改后的副本说明不了什么。`;
      case 'needs_error':
        return `${id} 改写错误的消息或恢复方式，但该场景的结果是成功：没有错误可改。`;
      case 'needs_success':
        return `${id} 修改成功 handler 输出中的 data，但该场景的结果是错误${r.errorCode === null ? '' : `（${r.errorCode}）`}：没有 data 可改。`;
      case 'unknown_tool':
        return `工具“${r.tool}”没有登记合同，没有可攻击的 data：dispatcher 只能返回 UNKNOWN_TOOL。`;
      case 'already_keyed':
        return `该场景已用密钥（${r.keyId}）绑定审计。${id} 从普通 SHA-256 存储出发，以说明密钥的作用。`;
      case 'no_effect':
        return `该场景的 data 中没有可承载攻击的自由文本字段，${id} 在这里不会改变任何东西。`;
      case 'failed':
        return `攻击无法在此运行：${r.message}`;
    }
  },
  verdict: '结论',
  verdictSubject: {
    handler:
      '这里判定的是：攻击篡改后的那份 handler 输出副本，即 dispatcher 收到的样子。编辑器和“问题”面板判定的仍是你自己未被篡改的输出。',
    mcp: '这里判定的是：为本次调用服务的 MCP 服务器的应答，即调度器的 projectMcp 读到的样子。编辑器和“问题”面板判定的仍是你自己未被篡改的 handler 输出。',
    package:
      '这里判定的是：攻击篡改后、呈给校验器的 package。编辑器和“问题”面板判定的仍是你自己未被篡改的 handler 输出。',
    adapter:
      '这里判定的是：你的 package 走攻击者的 adapter 路由。编辑器和“问题”面板判定的仍是你自己的 handler 输出，走登记的路由。',
  },
  announce: (id, kind) => `${id}：${kind}`,
  kindWord: {
    stopped: '已拦截',
    contract_error: '在 dispatcher 处拦截',
    sha256_passes_keyed_stops: 'sha256 模式通过，密钥模式拦截',
    nothing_to_reject: '没有可拒绝的',
    not_stopped: '未拦截',
    inapplicable: '不适用于该场景',
  },
  stoppedTitle: '已拦截：校验器拒绝了被篡改的 package',
  stoppedBy: '拦截者',
  contractTitle: (code) => `在 dispatcher 处拦截：模型得到 ${code}，永远看不到被篡改的 data`,
  contractModelGets: '模型实际读到的内容',
  contractNote: 'dispatcher 构建的 package 本身是合法的：模型读到目录中的错误，protected_audit 记录原因。',
  auditViolations: '拦截者（protected_audit.violations）',
  a11Plain: 'sha256 模式：通过',
  a11PlainNote:
    '攻击者修改了数据，并重算了 result_sha256 与 call_binding_sha256。重算的摘要全部匹配，因此校验通过。普通 SHA-256 绑定不是签名：能改写存储的人就能重算。',
  a11Keyed: (keyId) => `密钥模式（HMAC-SHA-256，密钥 ${keyId}）：已拦截`,
  a11KeyedNote: '没有审计密钥，攻击者只能在应为 HMAC 的位置填入普通哈希。',
  nextTurnLink: '看它真的发生：在下一个回合里模型请求 send_email，关卡返回 UNKNOWN_TOOL（模型回合）→',
  recoveryLink: '再往前一步：在一个真的有 send_email 的部署里，控制面要求审批，预览显示注入选定的收件人（恢复实验室）→',
  realCaseLink: '真实案例：AgentDojo 银行套件中的同一种攻击，注入的 IBAN 变成一笔转账，控制面把它扣下 →',
  realCaseTitle: '真实案例：AgentDojo 银行',
  realCaseNote: '承接 A14：被注入的交易附言、被劫持模型发起的转账，由控制面扣下。',
  nothingTitle: '没有可拒绝的：注入文本是合法数据，并且始终只是数据',
  catalogMessageNote: '无论页面是什么语言，模型得到的都是这句固定的英文目录文本：这是有意的设计。',
  barVerdict: {
    stopped: '✓ 已拦截',
    contract_error: '✓ 在 dispatcher 处拦截',
    sha256_passes_keyed_stops: '✗ sha256 · ✓ 密钥模式',
    nothing_to_reject: '○ 没有可拒绝的',
    not_stopped: '✗ 未拦截',
  },
  nothingTrust: (trust) => `它以 data 的形式到达模型，标记为 trust: ${trust}。此处以惰性文本显示：`,
  nothingNext: (tool, registered) => [
    `如果模型照做并调用 ${tool}，那是一次新的请求，有它自己的关卡：`,
    `参数必须通过 ${tool} 自己的输入 schema；`,
    '主体必须获得授权（租户、主体、资源）；',
    '有副作用的写操作需要审批，文本无法代为批准。',
    registered ? '' : `在本注册表中 ${tool} 根本不存在：dispatcher 会返回 UNKNOWN_TOOL。`,
  ],
  notStoppedTitle: '未拦截：被篡改的 package 通过了校验',
  notStoppedNote: '对这种攻击而言这是缺陷。请对照下面的差异，看看本应拦下它的检查。',
  twoCalls: '同一回合中的两次调用',
  callA: '调用 A（另一次调用）',
  callB: '调用 B（受害者）',
  a1Note: '攻击者把调用 A 的 model_result 放进调用 B 的 package；B 的 protected_audit 保持不变。',
  a2Note: '攻击者把调用 A 的整个 package（两个投影，自身一致）当作调用 B 的答案。',
  diffPackage: 'package：存储的与呈上的',
  stored: '存储的（受害者）',
  presented: '呈上的（被篡改）',
  diffTrusted: '受信任上下文：原调用与呈上时的调用',
  trustedVictim: '受信任上下文（受害者）',
  trustedTampered: '受信任上下文（呈上时）',
  diffHandler: 'handler 输出：原样返回与被篡改',
  handlerBefore: 'handler 输出（诚实）',
  handlerAfter: 'handler 输出（被篡改）',
  diffMcp: 'MCP 服务器的 CallToolResult：诚实与恶意',
  mcpBefore: 'CallToolResult（诚实）',
  mcpAfter: 'CallToolResult（恶意）',
  diffModel: '由此得到的 model_result',
  modelBefore: 'model_result（诚实）',
  modelAfter: 'model_result（篡改之后）',
  digests: '摘要：package 中存储的与由受信任上下文重算的',
  digestsKeyed: '密钥模式：存储的与重算的',
  digest: '摘要',
  storedCol: '存储值',
  recomputedCol: '重算值',
  matchCol: '结论',
  match: '一致',
  differs: '不一致',
  adapter: 'Provider adapter',
  adapterOk: (rev) => `已登记的路由（${rev}）：只序列化 model_result`,
  adapterRefused: (rev) => `被篡改的路由（${rev}）：在序列化之前被拒绝`,
  adapterRefusedCodes: 'toProviderItem 抛出 AdapterRefusedError：',
  adapterVictimRefused: (rev) => `已登记的路由（${rev}）：被拒绝`,
  callId: 'call id',
  operationId: 'operation id',
  idempotencyKey: '幂等键',
  modelData: 'model_result.data',
  modelError: 'model_result.error',
};

export const ATTACK_LAB_TEXT = defineTexts({ en, zh });
