/**
 * The lab's store: the control plane's memory store, seen as the lab needs to
 * show it and as an attacker with write access may change it
 * (docs/recovery-lab.md#the-audit-case).
 *
 * The plane writes a plain chain: in keyed mode it would also key the
 * principal's reference, the idempotency scopes and every result digest, and
 * every other case would show other values than the chapter's. So the store
 * also links each entry, as it is appended, under an audit key the attacker
 * does not hold, with the plane's own link function: the chain a keyed
 * deployment's store would hold for the same entries. An entry's content is
 * one, in the store; only its links differ between the two chains.
 */
import { chainSha256 } from '#lib/control/auditLink.ts';
import { memoryStore, type AuditEntry, type RecordScope, type Store } from '#lib/control/index.ts';

/** The lab's audit key: in the page's code, since the learner plays the operator too; a real one is kept where the store's writers cannot read it. */
export const LAB_AUDIT_KEY = {
  id: 'lab-audit-key-2026-07',
  secret: '6c6162206175646974206b65793a2068656c6420627920746865206f70657261746f72206f6e6c79',
} as const;

const GENESIS = '0'.repeat(64);

type Links = Pick<AuditEntry, 'prev_chain_sha256' | 'chain_sha256'>;

/** A store that also lists the records it holds and lets the learner, as the attacker of A11, change stored audit entries and relink them. */
export function labStore() {
  const inner = memoryStore();
  const scopes = new Map<string, RecordScope>();
  /** What the attacker wrote over the plane's entries, by seq: the store as it now reads. */
  const written = new Map<number, AuditEntry>();
  /** The entries whose content the attacker changed, and those whose links they recomputed. */
  const changed = new Set<number>();
  const relinked = new Set<number>();
  /** Each entry's links under LAB_AUDIT_KEY, made as the entry was appended. */
  const keyed = new Map<number, Links>();
  let keyedHead = GENESIS;
  /** The store's head once the attacker relinked it (null: the plane's own); the plane's next entry links to it, as a real store's would. */
  let rewrittenHead: string | null = null;

  const entries = async (from?: number, to?: number) =>
    (await inner.entries(from, to)).map((e) => written.get(e.seq) ?? e);

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
    async commit(change, draft, link) {
      const r = await inner.commit(change, draft, link);
      if (!r.ok || r.entry === null) return r;
      let entry = r.entry;
      keyed.set(entry.seq, {
        prev_chain_sha256: keyedHead,
        chain_sha256: (keyedHead = chainSha256(entry, entry.seq, keyedHead, LAB_AUDIT_KEY)),
      });
      if (rewrittenHead !== null) {
        const prev = rewrittenHead;
        entry = { ...entry, prev_chain_sha256: prev, chain_sha256: (rewrittenHead = link(entry, entry.seq, prev)) };
        written.set(entry.seq, entry);
      }
      return { ok: true, entry };
    },
    entries,
    async head() {
      const all = await entries();
      return { size: all.length, head_chain_sha256: all[all.length - 1]?.chain_sha256 ?? GENESIS };
    },
  };

  /** The attacker's hand on the store: change an entry's content, then relink the plain chain so it verifies again. */
  const attacker = {
    changed,
    relinked,
    async change(seq: number, edit: (e: AuditEntry) => void): Promise<boolean> {
      const [entry] = await entries(seq, seq);
      if (entry === undefined) return false;
      const forged = structuredClone(entry);
      edit(forged);
      written.set(seq, forged);
      changed.add(seq);
      return true;
    },
    /**
     * Every plain link recomputed from seq 1, with the plane's own link function: whoever can write the store
     * can compute SHA-256. The keyed links stay as the store made them: without the key nothing written there
     * would verify. Returns the entries relinked.
     */
    async rebuild(): Promise<number[]> {
      const now: number[] = [];
      let prev = GENESIS;
      for (const e of await entries()) {
        const chain_sha256 = chainSha256(e, e.seq, prev, undefined);
        if (chain_sha256 !== e.chain_sha256 || prev !== e.prev_chain_sha256) {
          written.set(e.seq, { ...e, prev_chain_sha256: prev, chain_sha256 });
          now.push(e.seq);
          relinked.add(e.seq);
        }
        prev = chain_sha256;
      }
      const own = (await inner.head()).head_chain_sha256;
      rewrittenHead = prev === own ? null : prev;
      return now;
    },
  };

  /** The entries as they stand in the store, each with the links the store made under LAB_AUDIT_KEY. */
  const keyedEntries = async (): Promise<AuditEntry[]> =>
    (await entries()).map((e) => ({ ...e, ...(keyed.get(e.seq) ?? { prev_chain_sha256: '', chain_sha256: '' }) }));

  return { store, inner, scopes, attacker, keyedEntries };
}
