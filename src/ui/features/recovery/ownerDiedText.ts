/** The words of the `owner_dies` fault: what it simulates, and the calls whose owner process died. */
import { defineTexts } from '../../../texts.ts';

export const OWNER_DIED_TEXT = defineTexts({
  en: {
    ownerDiesWhy:
      'The call runs in another dispatcher process over the same store. Its handler commits downstream, then the process dies: it never answers, never releases the key and never marks it unknown, so its record stays started under its lease. A retry with the same key before the lease ends waits for the owner, and at its deadline is told OUTCOME_UNKNOWN: the write may have happened, so it is not dispatched again on a guess. Once the lease has ended, a retry takes the key over and asks the downstream’s status. A read’s owner dies before answering; after the lease the read simply runs again.',
    ownerDiedTitle: 'Owner processes that died',
    ownerDied: (callId: string, tool: string, key: string, diedAt: string) =>
      `${callId} · ${tool} · key ${key}: the owner process died at ${diedAt}.`,
    ownerDiedCommitted: (ref: string) => `The downstream had committed ${ref}.`,
    ownerDiedRead: 'It died before it answered (a read commits nothing).',
    ownerDiedNoAnswer: 'The model got no answer.',
    ownerDiedLease: (lease: string) =>
      `The key’s record stays started until its lease ends at ${lease}: a retry before then waits for the owner (a write is told OUTCOME_UNKNOWN at its deadline, a read when to come back); after it, a retry takes the key over (a write asks the status, a read runs again).`,
  },
  zh: {
    ownerDiesWhy:
      '这次调用在另一个 dispatcher 进程里运行，它与实验室共用同一个存储。handler 在下游提交之后，这个进程崩溃：它不再回答，不释放 key，也不把记录标成 unknown，于是记录停在 started，直到租约到期。租约到期之前用同一个 key 重试，会等待所有者，到自己的 deadline 时得到 OUTCOME_UNKNOWN：写操作可能已经发生，所以不能凭猜测再派发一次。租约到期之后重试，会接管这个 key 并查询下游的状态。读操作的所有者在回答之前崩溃；租约到期后，读操作直接重新运行。',
    ownerDiedTitle: '崩溃的所有者进程',
    ownerDied: (callId: string, tool: string, key: string, diedAt: string) =>
      `${callId} · ${tool} · key ${key}：所有者进程在 ${diedAt} 崩溃。`,
    ownerDiedCommitted: (ref: string) => `此前下游已提交 ${ref}。`,
    ownerDiedRead: '它在回答之前崩溃（读操作不提交任何东西）。',
    ownerDiedNoAnswer: '模型没有收到任何回答。',
    ownerDiedLease: (lease: string) =>
      `这个 key 的记录停在 started，直到租约在 ${lease} 到期：在此之前重试会等待所有者（写操作到 deadline 时得到 OUTCOME_UNKNOWN，读操作被告知何时再来）；之后重试会接管这个 key（写操作查询状态，读操作重新运行）。`,
  },
});
