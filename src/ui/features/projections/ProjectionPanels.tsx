/**
 * model_result and protected_audit side by side: the two projections of one
 * raw result. The titles are the contract's own names in both languages; a
 * line under each says who reads it and why that matters.
 */
import { memo, useDeferredValue, type JSX, type ReactNode } from 'react';
import type { PanelTarget } from '../../components/focus.ts';
import { JsonView } from '../../components/JsonView.tsx';
import { Panel } from '../../components/Panel.tsx';
import type { Lang } from '../../../lang.ts';
import { PROJECTIONS_TEXT } from './text.ts';
import styles from './ProjectionPanels.module.css';
import type { Evaluation } from '../../../playground/evaluate.ts';
import type { Doc } from '../../../playground/work.ts';

export interface ProjectionPanelsProps {
  lang: Lang;
  evaluation: Evaluation;
}

/** Why there is nothing to show, when there is nothing to show. */
export const NoResult = memo(function NoResult({ lang, evaluation }: ProjectionPanelsProps): JSX.Element {
  const projectionsText = PROJECTIONS_TEXT[lang];
  const msg =
    evaluation.internalError !== null
      ? projectionsText.internalError(evaluation.internalError)
      : !evaluation.parse.ok
        ? projectionsText.noResultJson
        : projectionsText.noResultContext;
  return <p className="muted">{msg}</p>;
});

function NotStarted({ lang, n }: { lang: Lang; n: number }): JSX.Element {
  return (
    <p className="muted" data-testid="projection-not-started">
      <span aria-hidden="true">○ </span>
      {PROJECTIONS_TEXT[lang].notStarted(n)}
    </p>
  );
}

export interface ProjectionFocus {
  modelResult: PanelTarget;
  protectedAudit: PanelTarget;
}

/**
 * The summary line (status, error code, trust: the verdict the learner watches)
 * follows every keystroke; the two JSON documents are drawn at low priority
 * (useDeferredValue), after the keystroke has painted, and re-render only the
 * subtrees that changed (JsonView).
 */
export const ProjectionPanels = memo(function ProjectionPanels({
  lang,
  evaluation,
  focus,
  notStarted = null,
  auditNote,
  source,
}: ProjectionPanelsProps & {
  /** Whose output broke the contract when one did: an MCP server's result, or (absent) a handler's. */
  source?: Doc['source'];
  focus?: ProjectionFocus;
  /** Above the audit's JSON: what a reader of this source must know of it (an MCP result's redactions, mcpSource/McpRedactions.tsx). */
  auditNote?: ReactNode;
  /** The exercise result (1–5) that is still its empty template: nothing written yet, so nothing judged yet. */
  notStarted?: number | null;
}): JSX.Element {
  const projectionsText = PROJECTIONS_TEXT[lang];
  const r = evaluation.result;
  const drawn = useDeferredValue(r)?.pkg ?? r?.pkg;
  const mr = r?.pkg.model_result;
  const summary =
    r === null || mr === undefined ? null : (
      <p className={`result-summary ${styles.summary}`}>
        <span className={`chip chip-${mr.status}`}>status: {mr.status}</span>
        {mr.error !== null ? <span className="chip chip-error">{mr.error.code}</span> : null}
        <span className="chip">trust: {mr.provenance.trust}</span>
        <span className="chip chip-quiet">{projectionsText.canonicalSize(r.canonicalBytes)}</span>
      </p>
    );
  return (
    <div className="projections pair">
      <Panel
        id="panel-model-result"
        title={<code>model_result</code>}
        subtitle={projectionsText.modelResultDesc}
        lang={lang}
        resetKey={evaluation}
        className="panel-model"
        target={focus?.modelResult}
      >
        {notStarted !== null ? (
          <NotStarted lang={lang} n={notStarted} />
        ) : r === null ? (
          <NoResult lang={lang} evaluation={evaluation} />
        ) : (
          <>
            {summary}
            {mr?.error?.code === 'OUTPUT_CONTRACT_VIOLATION' ? (
              <p className={`inline-warning ${styles.contractBroken}`}>
                {source === 'mcp' ? projectionsText.contractBrokenMcp : projectionsText.contractBroken}
              </p>
            ) : null}
            <JsonView value={drawn?.model_result} label="model_result" />
            {mr?.error != null ? (
              <p className="muted small" data-testid="catalog-message-note">
                {projectionsText.catalogMessageNote}
              </p>
            ) : null}
          </>
        )}
      </Panel>
      <Panel
        id="panel-protected-audit"
        title={<code>protected_audit</code>}
        subtitle={projectionsText.protectedAuditDesc}
        lang={lang}
        resetKey={evaluation}
        className="panel-audit"
        target={focus?.protectedAudit}
      >
        {notStarted !== null ? (
          <NotStarted lang={lang} n={notStarted} />
        ) : r === null ? (
          <NoResult lang={lang} evaluation={evaluation} />
        ) : (
          <>
            {auditNote}
            <JsonView value={drawn?.protected_audit} label="protected_audit" />
          </>
        )}
      </Panel>
    </div>
  );
});
