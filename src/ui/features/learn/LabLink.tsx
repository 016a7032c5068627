/** A link into a recovery lab case: a real address (open it in a new tab), followed in the page on a plain click. */
import type { JSX, ReactNode } from 'react';
import type { RecoveryCaseId } from '../../../lessons/recoveryProofs.ts';
import type { RecoveryCaseLinks } from './RecoveryTab.tsx';

export function LabLink({
  lab,
  id,
  children,
  className,
  testId,
}: {
  lab: RecoveryCaseLinks;
  id: RecoveryCaseId;
  children: ReactNode;
  className?: string;
  testId: string;
}): JSX.Element {
  return (
    <a
      href={lab.href(id)}
      className={className}
      onClick={(e) => {
        if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        lab.open(id);
      }}
      data-testid={testId}
    >
      {children}
    </a>
  );
}
