/**
 * A titled region of the workspace. Its body scrolls on its own and is
 * keyboard-focusable (so it can be scrolled without a mouse); its content is
 * wrapped in its own error boundary.
 */
import type { JSX, ReactNode, Ref } from 'react';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import type { Translate } from '../i18n/strings.ts';
import { crashRequested } from '../testHooks.ts';

export interface PanelProps {
  id: string;
  title: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
  t: Translate;
  className?: string;
  /** Set false when the body has its own focusable controls and scroll handling (the editor). */
  focusableBody?: boolean;
  resetKey?: unknown;
  /** Receives what can be focused: the panel's title. */
  focusRef?: Ref<HTMLHeadingElement>;
  children: ReactNode;
}

export function Panel({ id, title, subtitle, actions, t, className, focusableBody = true, resetKey, focusRef, children }: PanelProps): JSX.Element {
  return (
    <section className={`panel ${className ?? ''}`} id={id} aria-labelledby={`${id}-title`} data-panel={id}>
      <header className="panel-head">
        <h2 ref={focusRef} id={`${id}-title`} className="panel-title" tabIndex={-1}>
          {title}
        </h2>
        {actions !== undefined ? <div className="panel-actions">{actions}</div> : null}
      </header>
      {subtitle !== undefined ? <p className="panel-sub">{subtitle}</p> : null}
      {/* Named even when not focusable: a box that scrolls says what it holds. */}
      <div className="panel-body" tabIndex={focusableBody ? 0 : undefined} aria-labelledby={`${id}-title`} role="group">
        <PanelBoundary t={t} resetKey={resetKey} id={id}>
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

export function PanelBoundary({ t, resetKey, id, children }: { t: Translate; resetKey?: unknown; id?: string; children: ReactNode }): JSX.Element {
  return (
    <ErrorBoundary
      resetKey={resetKey}
      fallback={(error, reset) => (
        <div className="panel-failed" role="alert">
          <p>{t('panelFailed', { message: error.message })}</p>
          <button type="button" className="btn" onClick={reset}>
            {t('tryAgain')}
          </button>
        </div>
      )}
    >
      <CrashProbe id={id} />
      {children}
    </ErrorBoundary>
  );
}
