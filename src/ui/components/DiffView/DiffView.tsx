/**
 * A structural JSON diff, shown two ways: a compact list of changes by JSON
 * Pointer (with both values), and the two values pretty-printed side by side
 * with the changed rows marked. Markers (+ − ~) and hidden labels carry the
 * meaning, so nothing depends on colour alone. All data is rendered as text.
 */
import { useMemo, useState, type JSX } from 'react';
import {
  countKinds,
  foldRows,
  jsonDiff,
  sideBySide,
  type DiffEntry,
  type DiffKind,
  type Line,
} from '../../../playground/jsonDiff.ts';
import { VisibleText } from './VisibleText.tsx';
import styles from './DiffView.module.css';
import type { Lang } from '../../../lang.ts';
import { defineTexts } from '../../../texts.ts';
import { cx } from '../cx.ts';

export interface DiffViewProps {
  before: unknown;
  after: unknown;
  /** Column headings, e.g. "stored (victim)" and "presented (tampered)". */
  beforeLabel: string;
  afterLabel: string;
  /** The diff's heading and accessible name. */
  title: string;
  lang: Lang;
  /** Unchanged rows kept around each change while folded. */
  context?: number;
  testId?: string;
}

const TEXT = defineTexts({
  en: {
    none: 'No difference',
    count: (n: number) => `${n} change${n === 1 ? '' : 's'}`,
    colon: ': ',
    kinds: { added: 'added', removed: 'removed', changed: 'changed' } as Record<DiffKind, string>,
    showAll: 'Show all lines',
    fold: 'Fold unchanged lines',
    folded: (n: number) => `⋯ ${n} unchanged lines (show)`,
    list: 'Changes, by JSON Pointer',
    table: (b: string, a: string) => `Side by side: ${b} and ${a}`,
    root: '(the whole value)',
    gap: 'nothing on this side',
  },
  zh: {
    none: '没有差异',
    count: (n: number) => `${n} 处变化`,
    colon: '：',
    kinds: { added: '新增', removed: '删除', changed: '修改' } as Record<DiffKind, string>,
    showAll: '显示全部行',
    fold: '折叠未变化的行',
    folded: (n: number) => `⋯ ${n} 行未变化（展开）`,
    list: '变化列表（按 JSON Pointer）',
    table: (b: string, a: string) => `并排对照：${b} 与 ${a}`,
    root: '（整个值）',
    gap: '此侧没有内容',
  },
});

const MARKER: Record<DiffKind, string> = { added: '+', removed: '−', changed: '~' };

function preview(v: unknown, max = 240): string {
  let t: string;
  try {
    t = JSON.stringify(v) ?? String(v);
  } catch {
    t = String(v);
  }
  const cps = [...t];
  return cps.length > max ? `${cps.slice(0, max).join('')}…` : t;
}

function EntryItem({ entry, lang }: { entry: DiffEntry; lang: Lang }): JSX.Element {
  const t = TEXT[lang];
  return (
    <li className={cx(styles.entry, styles[entry.kind])} data-kind={entry.kind} data-path={entry.path}>
      <span className={styles.marker} aria-hidden="true">
        {MARKER[entry.kind]}
      </span>
      <span className={styles.srOnly}>{t.kinds[entry.kind]}: </span>
      <code className={styles.path}>{entry.path === '' ? t.root : <VisibleText text={entry.path} lang={lang} />}</code>
      <span className={styles.values}>
        {entry.kind !== 'added' && (
          <code className={styles.beforeValue}>
            <VisibleText text={preview(entry.before)} lang={lang} />
          </code>
        )}
        {entry.kind === 'changed' && (
          <span className={styles.arrow} aria-hidden="true">
            →
          </span>
        )}
        {entry.kind !== 'removed' && (
          <code className={styles.afterValue}>
            <VisibleText text={preview(entry.after)} lang={lang} />
          </code>
        )}
      </span>
    </li>
  );
}

function Cell({
  line,
  mark,
  side,
  lang,
}: {
  line: Line | null;
  mark: DiffKind | null;
  side: 'left' | 'right';
  lang: Lang;
}): JSX.Element {
  const t = TEXT[lang];
  // A side shows the marker of what happened to it: the left loses (−), the right gains (+), both change (~).
  const shown: DiffKind | null =
    mark === 'changed'
      ? 'changed'
      : side === 'left' && mark === 'removed'
        ? 'removed'
        : side === 'right' && mark === 'added'
          ? 'added'
          : null;
  if (line === null) {
    return (
      <td className={cx(styles.cell, styles.gap)}>
        <span className={styles.srOnly}>{t.gap}</span>
      </td>
    );
  }
  return (
    <td className={cx(styles.cell, shown !== null && styles[shown])} data-mark={shown ?? undefined}>
      <div className={styles.line}>
        <span className={styles.marker} aria-hidden="true">
          {shown === null ? ' ' : MARKER[shown]}
        </span>
        {shown !== null && <span className={styles.srOnly}>{t.kinds[shown]}: </span>}
        <span className={styles.code} style={{ paddingInlineStart: `${line.indent * 2}ch` }}>
          <VisibleText text={line.text} lang={lang} />
        </span>
      </div>
    </td>
  );
}

export function DiffView({
  before,
  after,
  beforeLabel,
  afterLabel,
  title,
  lang,
  context = 2,
  testId,
}: DiffViewProps): JSX.Element {
  const t = TEXT[lang];
  const entries = useMemo(() => jsonDiff(before, after), [before, after]);
  const rows = useMemo(() => sideBySide(before, after), [before, after]);
  const blocks = useMemo(() => foldRows(rows, context), [rows, context]);
  const [showAll, setShowAll] = useState(false);
  const [opened, setOpened] = useState<ReadonlySet<number>>(new Set());
  const n = countKinds(entries);
  const hasFolds = blocks.some((b) => b.kind === 'fold');

  return (
    <section className={styles.root} aria-label={title} data-testid={testId}>
      <header className={styles.header}>
        <h4 className={styles.title}>{title}</h4>
        <p className={styles.summary}>
          {entries.length === 0 ? (
            t.none
          ) : (
            <>
              {t.count(entries.length)}
              {t.colon}
              {(['added', 'removed', 'changed'] as const)
                .filter((k) => n[k] > 0)
                .map((k) => (
                  <span key={k} className={cx(styles.badge, styles[k])}>
                    <span aria-hidden="true">{MARKER[k]}</span> {n[k]} {t.kinds[k]}
                  </span>
                ))}
            </>
          )}
        </p>
        {(hasFolds || showAll) && (
          <button type="button" className={styles.toggle} onClick={() => setShowAll((v) => !v)} aria-pressed={showAll}>
            {showAll ? t.fold : t.showAll}
          </button>
        )}
      </header>

      {entries.length > 0 && (
        <ul className={styles.entries} aria-label={t.list}>
          {entries.map((e) => (
            <EntryItem key={`${e.kind} ${e.path}`} entry={e} lang={lang} />
          ))}
        </ul>
      )}

      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <caption className={styles.srOnly}>{t.table(beforeLabel, afterLabel)}</caption>
          <colgroup>
            <col className={styles.col} />
            <col className={styles.col} />
          </colgroup>
          <thead>
            <tr>
              <th scope="col">{beforeLabel}</th>
              <th scope="col">{afterLabel}</th>
            </tr>
          </thead>
          <tbody>
            {blocks.flatMap((b) =>
              b.kind === 'fold' && !showAll && !opened.has(b.start)
                ? [
                    <tr key={`fold-${b.start}`} className={styles.foldRow}>
                      <td colSpan={2}>
                        <button
                          type="button"
                          className={styles.foldButton}
                          onClick={() => setOpened((s) => new Set(s).add(b.start))}
                        >
                          {t.folded(b.rows.length)}
                        </button>
                      </td>
                    </tr>,
                  ]
                : b.rows.map((r, i) => (
                    <tr key={b.start + i} data-mark={r.mark ?? undefined}>
                      <Cell line={r.left} mark={r.mark} side="left" lang={lang} />
                      <Cell line={r.right} mark={r.mark} side="right" lang={lang} />
                    </tr>
                  )),
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}
