/** A digest as stored and as recomputed, in full, one above the other, with the differing characters marked. */
import type { JSX } from 'react';
import { digestRuns } from './digestMarks.ts';
import styles from './DigestPair.module.css';

export interface DigestPairProps {
  name: string;
  stored: string | undefined;
  recomputed: string | undefined;
  storedLabel: string;
  recomputedLabel: string;
  /** "differs" / "matches", in the learner's language. */
  verdict: (same: boolean) => string;
  testId?: string;
}

function Marked({ value, other }: { value: string; other: string }): JSX.Element {
  return (
    <code className={styles.value}>
      {digestRuns(value, other).map((r, i) =>
        r.differs ? (
          <mark key={i} className={styles.mark}>
            {r.text}
          </mark>
        ) : (
          <span key={i}>{r.text}</span>
        ),
      )}
    </code>
  );
}

export function DigestPair({
  name,
  stored,
  recomputed,
  storedLabel,
  recomputedLabel,
  verdict,
  testId,
}: DigestPairProps): JSX.Element {
  const same = stored !== undefined && stored === recomputed;
  return (
    <div className={styles.root} data-testid={testId} data-digest={name} data-match={same}>
      <p className={styles.head}>
        <code>{name}</code>{' '}
        <span className={same ? styles.ok : styles.bad}>{(same ? '✓ ' : '✗ ') + verdict(same)}</span>
      </p>
      <dl className={styles.rows}>
        <dt>{storedLabel}</dt>
        <dd data-testid="digest-stored">
          {stored === undefined ? '—' : <Marked value={stored} other={recomputed ?? ''} />}
        </dd>
        <dt>{recomputedLabel}</dt>
        <dd data-testid="digest-recomputed">
          {recomputed === undefined ? '—' : <Marked value={recomputed} other={stored ?? ''} />}
        </dd>
      </dl>
    </div>
  );
}
