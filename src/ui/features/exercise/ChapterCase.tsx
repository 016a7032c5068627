/**
 * One call of the chapter track (docs/scenarios.md#the-chapter-track): the learner's two editors, the reference
 * pane beside them (the tool's contract and this call's trusted context), the core's verdict on the model_result,
 * and the audit checked field by field against what the app recomputed.
 */
import type { JSX } from 'react';
import type { TrustedContext } from '#lib/core/result/index.ts';
import type { WrittenCase } from '../../../lessons/chapterAudit.ts';
import type { WrittenEdit } from '../../../lessons/chapterActions.ts';
import { SEARCH_KB_CONTRACT } from '../../../lessons/chapterCases.ts';
import type { ExerciseKind } from '../../../lessons/exercise.ts';
import type { Lang } from '../../../lang.ts';
import { useViolationWords } from '../../i18n/useViolationWords.ts';
import { cx } from '../../components/cx.ts';
import { CHAPTER_TEXT } from './chapterText.ts';
import styles from './ChapterTrack.module.css';

export interface ChapterCaseProps {
  n: number;
  kind: ExerciseKind;
  trusted: TrustedContext;
  modelText: string;
  auditText: string;
  check: WrittenCase;
  sealed: boolean;
  edit: WrittenEdit | null;
  lang: Lang;
  onModel(text: string): void;
  onAudit(text: string): void;
  onSeal(seal: boolean): void;
}

const json = (v: unknown): string => (v === undefined ? '' : JSON.stringify(v, null, 2));
const short = (v: unknown): string => (v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v));

export function ChapterCase(p: ChapterCaseProps): JSX.Element {
  const t = CHAPTER_TEXT[p.lang];
  const words = useViolationWords(p.lang);
  const c = p.check;
  const parseError = (where: string, e: WrittenCase['modelParse']) =>
    e === null ? null : (
      <p className={styles.bad} role="alert">
        {t.notJson(where, e.line, e.column)} · {words.parseError(e)}
      </p>
    );
  const modelId = `chapter-model-${p.n}`;
  const auditId = `chapter-audit-${p.n}`;
  return (
    <section
      className={styles.case}
      data-testid={`chapter-case-${p.n}`}
      data-sealable={c.sealable}
      data-sealed={p.sealed}
    >
      <h3 className={styles.caseTitle}>
        {p.n}. {t.kinds[p.kind]} <span className={styles.muted}>— {t.asks[p.kind]}</span>
      </h3>
      <div className={styles.caseGrid}>
        <div className={styles.editors}>
          <label htmlFor={modelId} className={styles.label}>
            {t.modelEditor(p.n)}
          </label>
          <p className={styles.muted}>{t.modelHelp}</p>
          <textarea
            id={modelId}
            className={styles.editor}
            spellCheck={false}
            value={p.modelText}
            onChange={(e) => p.onModel(e.target.value)}
            data-testid="chapter-model"
            rows={16}
          />
          {parseError('model_result', c.modelParse)}
          <label htmlFor={auditId} className={styles.label}>
            {t.auditEditor(p.n)}
          </label>
          <p className={styles.muted}>{t.auditHelp}</p>
          <textarea
            id={auditId}
            className={styles.editor}
            spellCheck={false}
            value={p.auditText}
            onChange={(e) => p.onAudit(e.target.value)}
            data-testid="chapter-audit"
            readOnly={p.sealed}
            rows={16}
          />
          {parseError('protected_audit', c.auditParse)}
        </div>
        <aside className={styles.reference} aria-label={t.reference} data-testid="chapter-reference">
          <h4 className={styles.refTitle}>{t.reference}</h4>
          <p className={styles.muted}>{t.referenceWhy}</p>
          <details open>
            <summary>{t.trusted}</summary>
            <pre className={styles.pre}>{json(p.trusted)}</pre>
          </details>
          <details open>
            <summary>{t.contractNames}</summary>
            <p className={styles.small}>{t.successProv}</p>
            <pre className={styles.pre}>{json(SEARCH_KB_CONTRACT.success_provenance)}</pre>
            <p className={styles.small}>{t.errorProv}</p>
            <pre className={styles.pre}>{json(SEARCH_KB_CONTRACT.error_provenance)}</pre>
            <p className={styles.small}>{t.toolContract}</p>
            <pre className={styles.pre}>{json(SEARCH_KB_CONTRACT.revisions)}</pre>
          </details>
          <details>
            <summary>{t.catalog}</summary>
            <pre className={styles.pre}>{json(SEARCH_KB_CONTRACT.errors)}</pre>
          </details>
          <details>
            <summary>{t.dataSchema}</summary>
            <pre className={styles.pre}>{json(SEARCH_KB_CONTRACT.data_schema)}</pre>
          </details>
          <p className={styles.small}>{t.rules}</p>
        </aside>
      </div>

      <div className={styles.verdictRow}>
        <p
          className={cx(styles.verdict, c.report?.ok === true ? styles.good : styles.bad)}
          data-testid="chapter-verdict"
          data-ok={c.report?.ok === true}
        >
          {c.report === null ? t.verdictNone : c.report.ok ? t.verdictOk : t.verdictRefused(c.report.violations.length)}
          {c.report !== null && <> · {c.shows ? t.shows : t.notShows}</>}
        </p>
        <button
          type="button"
          className={styles.action}
          disabled={!p.sealed && !c.sealable}
          onClick={() => p.onSeal(!p.sealed)}
          data-testid="chapter-seal"
          title={!p.sealed && !c.sealable ? t.sealNeeds : undefined}
        >
          {p.sealed ? t.unseal : t.seal}
        </button>
        {p.sealed && <span className={styles.badge}>{t.sealed}</span>}
      </div>

      {p.sealed && (
        <div className={styles.presented} data-testid="chapter-presented">
          <p className={styles.label}>{t.presented}</p>
          {p.edit === null ? (
            <p className={styles.muted}>{t.presentedSame}</p>
          ) : (
            <p>
              {p.edit.changed.length > 0 && <>{t.changed(p.edit.changed.join(', '))} · </>}
              {p.edit.recomputedDigest !== null && (
                <>{t.digestNow(p.edit.sealedDigest.slice(0, 12), p.edit.recomputedDigest.slice(0, 12))} · </>
              )}
              {p.edit.report.ok
                ? t.acceptedStill
                : t.refusedWith([...new Set(p.edit.report.violations.map((v) => v.code))].join(', '))}
            </p>
          )}
        </div>
      )}

      {c.report !== null && (
        <>
          <h4 className={styles.subTitle}>{t.modelChecks}</h4>
          {c.modelViolations.length === 0 ? (
            <p className={styles.good}>{t.modelClean}</p>
          ) : (
            <ul className={styles.violations} data-testid="chapter-model-violations">
              {c.modelViolations.map((v, i) => (
                <li key={i}>
                  <code>{v.code}</code> <code>{v.path}</code> {words.detail(v.params)}
                </li>
              ))}
            </ul>
          )}
          <h4 className={styles.subTitle}>{t.fieldsTitle}</h4>
          <p className={styles.muted}>{t.fieldsWhy}</p>
          <div className={styles.tableWrap} role="region" aria-label={t.fieldsTitle} tabIndex={0}>
            <table className={styles.fields} data-testid="chapter-fields">
              <thead>
                <tr>
                  <th scope="col">{t.colField}</th>
                  <th scope="col">{t.colExpected}</th>
                  <th scope="col">{t.colWritten}</th>
                  <th scope="col">{t.colFrom}</th>
                </tr>
              </thead>
              <tbody>
                {c.fields.map((f) => (
                  <tr key={f.path} data-field={f.path} data-ok={f.ok}>
                    <th scope="row">
                      <span aria-hidden="true" className={f.ok ? styles.good : styles.bad}>
                        {f.ok ? '✓ ' : '✗ '}
                      </span>
                      <code>{f.path}</code>
                    </th>
                    <td>
                      <code className={styles.value} data-testid="field-expected">
                        {short(f.expected)}
                      </code>
                    </td>
                    <td>
                      <code className={styles.value}>{f.written === undefined ? t.nothing : short(f.written)}</code>
                    </td>
                    <td>
                      {t.from[f.from]}
                      {f.preimage !== null && (
                        <details>
                          <summary>preimage</summary>
                          <code className={styles.value}>{f.preimage}</code>
                        </details>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {c.auditViolations.length > 0 && (
            <>
              <h4 className={styles.subTitle}>{t.otherAudit}</h4>
              <ul className={styles.violations}>
                {c.auditViolations.map((v, i) => (
                  <li key={i}>
                    <code>{v.code}</code> <code>{v.path}</code> {words.detail(v.params)}
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </section>
  );
}
