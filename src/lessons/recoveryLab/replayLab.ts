/** A lab's actions (./labLog.ts) done again, in order, on a fresh stage: what a reload or a share link brings back. */
import type { RecoveryLab } from './lab.ts';
import type { LabAction } from './labLog.ts';

/** One action, each awaited before the next as the learner's were (the plane waits only on the virtual clock). */
async function replayAction(lab: RecoveryLab, a: LabAction): Promise<void> {
  switch (a.do) {
    case 'tool':
      return lab.setTool(a.tool);
    case 'args':
      return lab.setArgs(a.args);
    case 'fault':
      return lab.setFault(a.fault);
    case 'retry_after':
      return lab.setRetryAfter(a.ms);
    case 'status':
      return lab.setStatusAnswer(a.status);
    case 'access':
      return lab.setAccess(a.granted);
    case 'principal':
      return lab.setPrincipal(a.n);
    case 'reworded':
      return lab.setReworded(a.on);
    case 'recipients':
      return lab.setRecipients(a.policy);
    case 'dispatch':
      return lab.dispatch();
    case 'retry':
      return lab.retry(a.kind);
    case 'approve':
      return lab.approve();
    case 'decline':
      return lab.decline();
    case 'advance':
      return lab.advance(a.ms);
    case 'change':
      return lab.changeEntry(a.seq);
    case 'rebuild':
      return lab.rebuild();
    case 'checkpoint':
      return lab.checkpoint();
    case 'verify':
      return lab.verify(a.by ?? 'plain');
    case 'alter':
      return lab.alterTranscript(a.n);
    case 'reconcile':
      return lab.reconcile();
  }
}

export async function replayLab(lab: RecoveryLab, log: readonly LabAction[]): Promise<void> {
  for (const a of log) await replayAction(lab, a);
}
