/** The recovery lab in the shell: its chunk (which carries the control plane) loads only when the mode is opened. */
import { lazy, Suspense, type JSX, type ReactNode } from 'react';
import type { Lang } from '../../lang.ts';
import { DEFAULT_RECOVERY_CASE, type RecoveryStep } from '../../lessons/recoveryProofs.ts';
import type { AppState } from '../../playground/reducer.ts';
import type { PlaygroundApi } from '../state/usePlayground.ts';
import { ModeSwitch } from '../features/header/ModeSwitch.tsx';
import type { ShellLinks } from './shellLinks.ts';

const RecoveryMode = lazy(() => import('../features/recovery/RecoveryMode.tsx'));

export function RecoveryHost({
  lang,
  state,
  links,
  api,
  notices,
  onShare,
}: {
  lang: Lang;
  state: AppState;
  links: ShellLinks;
  api: PlaygroundApi;
  notices: ReactNode;
  onShare(): void;
}): JSX.Element {
  return (
    <Suspense fallback={<p className="muted">…</p>}>
      <RecoveryMode
        lang={lang}
        caseId={state.work.recoveryCase ?? DEFAULT_RECOVERY_CASE}
        caseHref={links.recoveryCaseHref}
        onCase={links.openRecoveryCase}
        broken={state.work.recoveryBroken ?? null}
        onBroken={links.openRecoveryBroken}
        log={state.work.recoveryLog}
        onLog={api.setRecoveryLog}
        onShare={onShare}
        shown={state.progress.recovery ?? []}
        onStep={(step: RecoveryStep) => api.recordProgress({ recovery: step })}
        onResetProofs={() => api.recordProgress({ recoveryReset: true })}
        notices={notices}
        modeSwitch={<ModeSwitch lang={lang} mode="recovery" hrefOf={links.hrefOf} onMode={api.setMode} />}
      />
    </Suspense>
  );
}
