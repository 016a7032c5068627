/**
 * A titled region of the workspace. Its body scrolls on its own and is
 * keyboard-focusable (so it can be scrolled without a mouse); its content is
 * wrapped in its own error boundary.
 */
import type { JSX, ReactNode } from 'react';
import type { PanelTarget } from './focus.ts';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import type { Lang } from '../../lang.ts';
import { COMPONENT_TEXT } from './text.ts';
import { crashRequested } from '../testHooks.ts';
import { cx } from './cx.ts';
import styles from './Panel.module.css';

export interface PanelProps {
  id: string;
  title: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
  lang: Lang;
  className?: string;
  /** Set false when the body has its own focusable controls and scroll handling (the editor). */
  focusableBody?: boolean;
  resetKey?: unknown;
  /** Receives the panel (which the narrow bar scrolls to) and what can be focused: its title. */
  target?: PanelTarget;
  children: ReactNode;
}

export function Panel({
  id,
  title,
  subtitle,
  actions,
  lang,
  className,
  focusableBody = true,
  resetKey,
  target,
  children,
}: PanelProps): JSX.Element {
  return (
    <section
      ref={target?.section}
      className={cx('panel', styles.panel, className)}
      id={id}
      aria-labelledby={`${id}-title`}
      data-panel={id}
    >
      <header className={styles.head}>
        <h2 ref={target?.title} id={`${id}-title`} className={styles.title} tabIndex={-1}>
          {title}
        </h2>
        {actions !== undefined ? <div className={styles.actions}>{actions}</div> : null}
      </header>
      {subtitle !== undefined ? <p className={styles.sub}>{subtitle}</p> : null}
      {/* Named even when not focusable: a box that scrolls says what it holds. */}
      <div
        className={`panel-body ${styles.body}`}
        tabIndex={focusableBody ? 0 : undefined}
        aria-labelledby={`${id}-title`}
        role="group"
      >
        <PanelBoundary lang={lang} resetKey={resetKey} id={id}>
          {children}
        </PanelBoundary>
      </div>
    </section>
  );
}

/** In the browser tests' build only (../testHooks.ts): a panel the tests name throws while rendering. */
function CrashProbe({ id }: { id: string | undefined }): null {
  if (id !== undefined && crashRequested(id)) throw new Error(`test crash in ${id}`);
  return null;
}

export function PanelBoundary({
  lang,
  resetKey,
  id,
  children,
}: {
  lang: Lang;
  resetKey?: unknown;
  id?: string;
  children: ReactNode;
}): JSX.Element {
  const componentText = COMPONENT_TEXT[lang];
  return (
    <ErrorBoundary
      resetKey={resetKey}
      fallback={(error, reset) => (
        <div className={styles.failed} role="alert">
          <p>{componentText.panelFailed(error.message)}</p>
          <button type="button" className="btn" onClick={reset}>
            {componentText.tryAgain}
          </button>
        </div>
      )}
    >
      <CrashProbe id={id} />
      {children}
    </ErrorBoundary>
  );
}
