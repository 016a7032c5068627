/**
 * The digests made readable: every field of the package as a chip that, hovered
 * or focused, lights the digests it feeds (directly, or through another digest
 * the call binding holds) in the row of digests just above the chips; and each
 * digest as a button that opens its inputs below them, those changed since the
 * previous evaluation marked. The map is derived from
 * the preimages the validator hashed (playground/digestInputs.ts), so it cannot
 * drift from the core. Loaded after the panel, never with the first load.
 */
import { memo, useCallback, useDeferredValue, useId, useMemo, useRef, useState, type JSX } from 'react';
import { DIGEST_NAMES, type DigestName, type DigestPreimages } from '#lib/core/result/index.ts';
import type { Lang } from '../../../lang.ts';
import type { ResultView } from '../../../playground/evaluate.ts';
import { fieldMap, packageFieldNames, type FieldFeeds } from '../../../playground/digestInputs.ts';
import { cx } from '../../components/cx.ts';
import { DigestInputsTable } from './DigestInputsTable.tsx';
import { DIGEST_MAP_TEXT } from './mapText.ts';
import styles from './DigestMap.module.css';

type Words = (typeof DIGEST_MAP_TEXT)['en'];

const preimagesOf = (r: ResultView): DigestPreimages =>
  Object.fromEntries(
    DIGEST_NAMES.map((d) => [d, r.digests.find((x) => x.name === d)?.preimage ?? null]),
  ) as DigestPreimages;

const keyOf = (p: DigestPreimages) => DIGEST_NAMES.map((d) => p[d] ?? '').join('\u0000');

function feedsLine(t: Words, f: FieldFeeds | undefined): string {
  if (f === undefined) return t.pickField;
  if (f.direct.length === 0) return t.feedsNone(f.field);
  return t.feeds(f.field, f.direct.join(', '), f.through.map((x) => t.through(x.digest, x.via)).join('; '));
}

/** One group's chips; drawn again only when its names or the learner's pointer, focus or pick change. */
const FieldChips = memo(function FieldChips({
  t,
  group,
  fields,
  feeds,
  active,
  pinned,
  open,
  onHover,
  onPin,
  line,
}: {
  t: Words;
  group: 'model_result' | 'protected_audit';
  fields: readonly string[];
  /** What each field feeds: read only once the learner engages the map (null before). */
  feeds: ReadonlyMap<string, FieldFeeds> | null;
  active: string | null;
  pinned: string | null;
  open: DigestName | null;
  onHover(field: string | null): void;
  onPin(field: string): void;
  /** The id of the line that says what the active field feeds. */
  line: string;
}): JSX.Element {
  return (
    <div className={styles.group} role="group" aria-label={`${t.fieldsLabel}: ${group}`}>
      <code className={styles.groupName}>{group}</code>
      <ul className={styles.chips}>
        {fields.map((field) => {
          const f = feeds?.get(field);
          const fedOpen =
            open !== null && f !== undefined && (f.direct.includes(open) || f.through.some((x) => x.digest === open));
          return (
            <li key={field}>
              <button
                type="button"
                className={cx(
                  styles.chip,
                  active === field && styles.chipActive,
                  fedOpen && styles.chipFeedsOpen,
                  f !== undefined && f.direct.length === 0 && styles.chipNone,
                )}
                aria-pressed={pinned === field}
                aria-describedby={line}
                data-field={field}
                onMouseEnter={() => onHover(field)}
                onMouseLeave={() => onHover(null)}
                onFocus={() => onHover(field)}
                onBlur={() => onHover(null)}
                onClick={() => onPin(field)}
              >
                {field.slice(group.length + 1)}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
});

export default function DigestMap({ lang, result: live }: { lang: Lang; result: ResultView }): JSX.Element {
  const t = DIGEST_MAP_TEXT[lang];
  // Two panels may show a map at once (the playground's and a turn's call): ids of their own.
  const uid = useId();
  const ids = { title: `${uid}-title`, line: `${uid}-feeds`, inputs: `${uid}-inputs` };
  // A keystroke's answer first; the map follows when the browser is free.
  const result = useDeferredValue(live);
  const pre = useMemo(() => preimagesOf(result), [result]);
  const key = keyOf(pre);
  // The previous evaluation whose preimages differ from this one: a re-evaluation of the same text marks nothing.
  const [seen, setSeen] = useState<{ key: string; pre: DigestPreimages; prev: DigestPreimages | null }>({
    key,
    pre,
    prev: null,
  });
  if (seen.key !== key) setSeen({ key, pre, prev: seen.pre });
  const prev = seen.key === key ? seen.prev : seen.pre;
  // The fields' names per keystroke (cheap); the same names, the same arrays, so the chips are not drawn again.
  const namesKey = packageFieldNames(result.pkg).join('\n');
  const groups = useMemo(() => {
    const names = namesKey.split('\n');
    const of = (g: string) => names.filter((n) => n.startsWith(`${g}.`));
    return { model_result: of('model_result'), protected_audit: of('protected_audit') };
  }, [namesKey]);
  const [hover, setHover] = useState<string | null>(null);
  const [pinned, setPinned] = useState<string | null>(null);
  const [open, setOpen] = useState<DigestName | null>(null);
  const onPin = useCallback((f: string) => setPinned((p) => (p === f ? null : f)), []);
  // What each field feeds is read off the preimages only once the learner hovers, focuses or picks: a keystroke
  // that nobody is looking at the map for costs it nothing. Kept for the evaluation it was read for.
  const engaged = hover !== null || pinned !== null || open !== null;
  const cache = useRef<{ pre: DigestPreimages; feeds: ReadonlyMap<string, FieldFeeds> } | null>(null);
  if (engaged && cache.current?.pre !== pre)
    cache.current = { pre, feeds: new Map(fieldMap(result.pkg, pre).map((f) => [f.field, f])) };
  const feedsMap = engaged ? (cache.current?.feeds ?? null) : null;
  const active = hover ?? pinned;
  const feeds = active === null ? undefined : feedsMap?.get(active);
  const direct = new Set(feeds?.direct ?? []);
  const through = new Set(feeds?.through.map((x) => x.digest) ?? []);
  return (
    <section className={styles.map} aria-labelledby={ids.title} data-testid="digest-map">
      <h3 id={ids.title} className={styles.title}>
        {t.mapTitle}
      </h3>
      <p className={styles.why}>{t.mapWhy}</p>
      <div className={styles.digestButtons} role="group" aria-label={t.digestsLabel}>
        {DIGEST_NAMES.map((d) => (
          <button
            key={d}
            type="button"
            className={cx(styles.digestButton, direct.has(d) && styles.lit, through.has(d) && styles.litThrough)}
            aria-expanded={open === d}
            aria-controls={open === d ? ids.inputs : undefined}
            data-testid={`digest-pick-${d}`}
            data-lit={direct.has(d) ? 'direct' : through.has(d) ? 'through' : 'no'}
            onClick={() => setOpen(open === d ? null : d)}
          >
            <code>{d}</code>
            {direct.has(d) ? (
              <span aria-hidden="true"> ◀</span>
            ) : through.has(d) ? (
              <span aria-hidden="true"> ◁</span>
            ) : null}
          </button>
        ))}
      </div>
      <p id={ids.line} className={styles.feedsLine} role="status" data-testid="digest-feeds">
        {feedsLine(t, feeds)}
      </p>
      <FieldChips
        t={t}
        group="model_result"
        fields={groups.model_result}
        feeds={feedsMap}
        active={active}
        pinned={pinned}
        open={open}
        onHover={setHover}
        onPin={onPin}
        line={ids.line}
      />
      <FieldChips
        t={t}
        group="protected_audit"
        fields={groups.protected_audit}
        feeds={feedsMap}
        active={active}
        pinned={pinned}
        open={open}
        onHover={setHover}
        onPin={onPin}
        line={ids.line}
      />
      {open !== null ? (
        <DigestInputsTable
          id={ids.inputs}
          lang={lang}
          digest={open}
          preimage={pre[open]}
          before={prev === null ? undefined : prev[open]}
          against="previous"
        />
      ) : null}
    </section>
  );
}
