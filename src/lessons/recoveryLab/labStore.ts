/** The lab's store: the control plane's memory store, seen as the lab needs to show it and as an attacker may change it. */
import { memoryStore, type AuditEntry, type RecordScope, type Store } from '../../control/index.ts';

/** A store that also lists the records it holds and lets the learner change a stored audit entry (the attacker of A11). */
export function labStore() {
  const inner = memoryStore();
  const scopes = new Map<string, RecordScope>();
  const changed = new Map<number, AuditEntry>();
  const store: Store = {
    ...inner,
    kind: inner.kind,
    claim(c) {
      scopes.set(JSON.stringify([c.principal_ref, c.idempotency_key]), {
        principal_ref: c.principal_ref,
        idempotency_key: c.idempotency_key,
      });
      return inner.claim(c);
    },
    async entries(from, to) {
      return (await inner.entries(from, to)).map((e) => changed.get(e.seq) ?? e);
    },
  };
  return { store, inner, scopes, changed };
}
