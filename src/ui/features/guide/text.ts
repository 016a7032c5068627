/** The "Start here" guide's words: loaded with the guide, never with the page. */
import { defineTexts } from '../../../texts.ts';

export const GUIDE_TEXT = defineTexts({
  en: {
    title: 'Start here',
    intro:
      'This page goes with the chapter “结果、错误与不可信数据” (results, errors and untrusted data). Everything runs here, offline; nothing is sent anywhere. Each part of the chapter has its place:',
    chapterHeading: 'In the chapter',
    appHeading: 'Here',
    readers:
      'A result should not serve every reader at once: the two projections, model_result and protected_audit, of any scenario, recomputed as you edit.',
    practice: 'Design the five knowledge-search results and prove five things about them, ticked live.',
    mistakes:
      'The eight common mistakes as broken dispatchers beside the correct one, the recovery paths, and the self-test.',
    injection:
      'Attack A14: a search hit that gives orders stays data; then the Model turn shows the next turn, where the persuaded model asks for send_email and the gate answers UNKNOWN_TOOL.',
    recovery:
      'The error catalog as a recovery protocol: a real control plane in your hands. Lose a response, refuse a connection, rate-limit a call, revoke access, hold an email for approval, change an audit entry; see what the downstream did, what the model saw and what the audit kept.',
    then: 'then',
    reopen: 'This guide opens from Help (?) at any time.',
    begin: 'Begin with the playground',
  },
  zh: {
    title: '从这里开始',
    intro:
      '本页配合章节“结果、错误与不可信数据”。一切都在本页离线运行，不向任何地方发送数据。章节的每一部分在这里都有对应的位置：',
    chapterHeading: '章节中',
    appHeading: '本页中',
    readers: '两层投影 model_result 与 protected_audit：任选一个场景，边改边看它们重新计算。',
    practice: '为知识库搜索设计五个结果，并实时勾选五项证明。',
    mistakes: '八个常见错误：故意弄坏的 dispatcher 与正确的并排；恢复流程；自测。',
    injection:
      '攻击 A14：下达指令的搜索结果仍然只是数据；接着在模型回合中看下一个回合：被说服的模型请求 send_email，关卡返回 UNKNOWN_TOOL。',
    recovery:
      '错误目录作为恢复协议：真实的控制面交到你手里。让响应丢失、连接被拒绝、调用被限流、撤销访问、让邮件等待审批、改动审计记录；看下游真正做了什么、模型看到了什么、审计留下了什么。',
    then: '然后',
    reopen: '随时可以从“帮助”（?）再次打开本指南。',
    begin: '从演练场开始',
  },
});
