/**
 * A titled region of the workspace. Its body scrolls on its own and is
 * keyboard-focusable (so it can be scrolled without a mouse); its content is
 * wrapped in its own error boundary.
 */
import type { JSX, ReactNode } from 'react';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import type { Translate } from '../i18n/strings.ts';

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
  children: ReactNode;
}

export function Panel({ id, title, subtitle, actions, t, className, focusableBody = true, resetKey, children }: PanelProps): JSX.Element {
  return (
    <section className={`panel ${className ?? ''}`} id={id} aria-labelledby={`${id}-title`} data-panel={id}>
      <header className="panel-head">
        <h2 id={`${id}-title`} className="panel-title" tabIndex={-1}>
          {title}
        </h2>
        {actions !== undefined ? <div className="panel-actions">{actions}</div> : null}
      </header>
      {subtitle !== undefined ? <p className="panel-sub">{subtitle}</p> : null}
      <div className="panel-body" tabIndex={focusableBody ? 0 : undefined} aria-labelledby={focusableBody ? `${id}-title` : undefined} role={focusableBody ? 'group' : undefined}>
        <PanelBoundary t={t} resetKey={resetKey}>
          {children}
        </PanelBoundary>
      </div>
    </section>
  );
}

export function PanelBoundary({ t, resetKey, children }: { t: Translate; resetKey?: unknown; children: ReactNode }): JSX.Element {
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
      {children}
    </ErrorBoundary>
  );
}
