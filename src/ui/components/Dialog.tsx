/**
 * A modal <dialog>: the browser traps focus, Escape closes it, and focus goes
 * back where it was when it closes.
 */
import { useEffect, useId, useRef, type JSX, type ReactNode } from 'react';
import { cx } from './cx.ts';
import styles from './Dialog.module.css';

export interface DialogProps {
  open: boolean;
  title: string;
  closeLabel: string;
  onClose(): void;
  children: ReactNode;
  className?: string;
}

export function Dialog({ open, title, closeLabel, onClose, children, className }: DialogProps): JSX.Element {
  const ref = useRef<HTMLDialogElement>(null);
  const returnTo = useRef<Element | null>(null);
  const titleId = useId();
  useEffect(() => {
    const d = ref.current;
    if (d === null) return;
    if (open && !d.open) {
      returnTo.current = document.activeElement;
      d.showModal();
    } else if (!open && d.open) d.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className={cx(styles.dialog, className)}
      aria-labelledby={titleId}
      onClose={() => {
        onClose();
        const r = returnTo.current;
        if (r instanceof HTMLElement) r.focus();
      }}
    >
      <header className={styles.head}>
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="btn" onClick={() => ref.current?.close()}>
          {closeLabel}
        </button>
      </header>
      <div className={styles.body}>{children}</div>
    </dialog>
  );
}
