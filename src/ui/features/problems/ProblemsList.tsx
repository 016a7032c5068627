/**
 * Every problem with its code, where it is, and the plain explanation in the
 * learner's language (useViolationWords). An item that has a place in the editor
 * is a button: click or Enter moves the cursor there; a context problem takes
 * the learner to the field.
 */
import { memo, type JSX, type Ref } from 'react';
import type { ViolationWords } from '../../i18n/useViolationWords.ts';
import type { Lang } from '../../../lang.ts';
import { PROBLEMS_TEXT } from './text.ts';
import type { Problem, ProblemSource } from '../../../playground/evaluate.ts';
import type { JsonParseError } from '#lib/core/json/index.ts';
import type { ViolationCode } from '#lib/core/tables/index.ts';
import styles from './ProblemsList.module.css';

/**
 * What the list judges, said above it: always the handler output in the editor as typed (and the package projected
 * from it), which is not what the attack lab or a sealed exercise result judges; or nothing yet, for an exercise
 * result still at its empty template.
 */
/** `unmet`: the exercise result (its number) keeps the contract but is not yet what its slot asks for. */
export type ProblemSubject =
  | { kind: 'typed'; unmet?: number }
  | { kind: 'attack' }
  | { kind: 'sealed'; slot: number; unmet?: number }
  | { kind: 'not_started'; slot: number }
  /** An MCP server's CallToolResult as typed, said in the MCP chunk's words (features/mcpSource/text.ts). */
  | { kind: 'mcp'; typed: string; none: string };

const TYPED: ProblemSubject = { kind: 'typed' };

export interface ProblemsListProps {
  lang: Lang;
  /** Defaults to the handler output as typed (the model turn's call editor says nothing more). */
  subject?: ProblemSubject;
  /** A violation's specifics, rule and reason in the learner's language (useViolationWords). */
  words: ViolationWords;
  problems: readonly Problem[];
  onReveal(p: Problem): void;
  /** Receives what can be focused: the first problem that leads somewhere (null when none does). */
  firstRef?: Ref<HTMLButtonElement>;
  /** Rewrites the editor's text without its comments and trailing commas (offered on a refusal for one). */
  onStripComments?: () => void;
}

const SOURCE_KEY: Record<ProblemSource, 'sourceJson' | 'sourceContext' | 'sourceProjection' | 'sourceValidation'> = {
  json: 'sourceJson',
  context: 'sourceContext',
  projection: 'sourceProjection',
  validation: 'sourceValidation',
};

/** A problem's specifics in the learner's language: a core violation's or a parse refusal's from its typed data, a context problem's as the form said it. */
function problemDetail(p: Problem, words: ViolationWords): string {
  if (p.params !== null) return words.detail(p.params);
  return p.parse !== null ? words.parseError(p.parse) : p.detail;
}

/** A refusal JSONC makes (the chapter's examples keep comments): a comment, or a trailing comma. */
function isJsonc(e: JsonParseError | null): boolean {
  if (e === null) return false;
  return (
    e.reason === 'comment' ||
    e.reason === 'trailing_comma' ||
    (e.reason === 'unexpected_after_value' && e.params.found === '/')
  );
}

/** An editor marker's message: the code and place, the rule, and the specifics, in the learner's language. */
export function problemMessage(p: Problem, lang: Lang, words: ViolationWords): string {
  return `${p.code} ${p.path || '/'}: ${problemRule(p, lang, words)}\n${problemDetail(p, words)}`;
}

/** The one-line explanation of a problem in the learner's language (also the editor marker's message). */
function problemRule(p: Problem, lang: Lang, words: ViolationWords): string {
  const problemsText = PROBLEMS_TEXT[lang];
  if (p.isViolation) return words.text(p.code as ViolationCode)?.rule ?? '';
  if (p.source === 'json') return p.code === 'TOO_LARGE' ? problemsText.jsonTooLarge : problemsText.jsonRule;
  if (p.source === 'context') return problemsText.contextRule;
  return '';
}

function problemWhy(p: Problem, words: ViolationWords): string | null {
  return p.isViolation ? (words.text(p.code as ViolationCode)?.why ?? null) : null;
}

function where(p: Problem, lang: Lang): string {
  const problemsText = PROBLEMS_TEXT[lang];
  if (p.range !== null) {
    const at = problemsText.lineCol(p.range.startLine, p.range.startColumn);
    return p.rangePath !== null && p.rangePath !== p.path
      ? `${at} · ${problemsText.markedAtAncestor(p.rangePath === '' ? '/' : p.rangePath)}`
      : at;
  }
  if (p.source === 'context') return problemsText.sourceContext;
  return problemsText.notInEditor;
}

export const ProblemsList = memo(function ProblemsList({
  lang,
  subject = TYPED,
  words,
  problems,
  onReveal,
  firstRef,
  onStripComments,
}: ProblemsListProps): JSX.Element {
  const problemsText = PROBLEMS_TEXT[lang];
  const firstActionable = problems.findIndex((p) => p.range !== null || p.field !== null);
  // Not started, or kept to the contract but not yet what the exercise result asks for: neither is a ✓.
  const unmet = problems.length === 0 && 'unmet' in subject ? subject.unmet : undefined;
  if (subject.kind === 'not_started' || unmet !== undefined) {
    const which = unmet === undefined ? 'problems-not-started' : 'problems-unmet';
    return (
      <p className={`${which} ${styles.notStarted}`} role="status" data-testid={which}>
        <span aria-hidden="true">○ </span>
        {subject.kind === 'not_started' ? problemsText.notStarted(subject.slot) : problemsText.unmet(unmet ?? 0)}
      </p>
    );
  }
  const subjectLine = (
    <p className={styles.subject} data-testid="problems-subject">
      {subject.kind === 'attack'
        ? problemsText.subjectAttack
        : subject.kind === 'sealed'
          ? problemsText.subjectSealed(subject.slot)
          : subject.kind === 'mcp'
            ? subject.typed
            : problemsText.subjectTyped}
    </p>
  );
  if (problems.length === 0) {
    return (
      <>
        <p className={`problems-none ${styles.none}`} role="status">
          <span aria-hidden="true">✓ </span>
          {subject.kind === 'mcp' ? subject.none : problemsText.problemsNone}
        </p>
        {subjectLine}
      </>
    );
  }
  return (
    <>
      {subjectLine}
      <ul className={styles.list} aria-label={problemsText.problemsListLabel}>
        {problems.map((p, i) => {
          const actionable = p.range !== null || p.field !== null;
          const why = problemWhy(p, words);
          const body = (
            <>
              <span className={styles.line1}>
                <code className={`${styles.codeBadge} code-${p.source}`}>{p.code}</code>
                <code className={`problem-path ${styles.path}`}>{p.path === '' ? '/' : p.path}</code>
                <span className={styles.where}>
                  {problemsText[SOURCE_KEY[p.source]]} · {where(p, lang)}
                </span>
              </span>
              <span className={styles.rule}>{problemRule(p, lang, words)}</span>
              {why !== null ? <span className={styles.why}>{why}</span> : null}
              <span className={`problem-detail ${styles.detail}`}>
                {problemsText.detail}: {problemDetail(p, words)}
              </span>
            </>
          );
          return (
            <li key={p.id} className="problem" data-code={p.code}>
              {actionable ? (
                <button
                  ref={i === firstActionable ? firstRef : undefined}
                  type="button"
                  className={styles.button}
                  onClick={() => onReveal(p)}
                >
                  {body}
                </button>
              ) : (
                <div className={styles.static}>{body}</div>
              )}
              {onStripComments !== undefined && isJsonc(p.parse) ? (
                <p className={styles.fix}>
                  <button type="button" className="btn" data-testid="strip-comments" onClick={onStripComments}>
                    {problemsText.stripComments}
                  </button>{' '}
                  <span className={styles.fixNote}>{problemsText.stripCommentsNote}</span>
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
    </>
  );
});
