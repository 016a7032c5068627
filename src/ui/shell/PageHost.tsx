/**
 * The places with a page of their own instead of the editor's workspace: the recovery lab (./RecoveryHost.tsx)
 * and the attack lab's real case (`?mode=attack&case=agentdojo_banking`), whose chunk, which carries the control
 * plane, loads only when the case is opened. The shell draws this instead of the workspace (toolbar, editor,
 * panels) for the recovery mode, and for the attack mode while the work names a case.
 */
import { lazy, Suspense, type JSX, type ReactNode } from 'react';
import type { Lang } from '../../lang.ts';
import type { AppState } from '../../playground/reducer.ts';
import type { PlaygroundApi } from '../state/usePlayground.ts';
import { ModeSwitch } from '../features/header/ModeSwitch.tsx';
import { RecoveryHost } from './RecoveryHost.tsx';
import type { ShellLinks } from './shellLinks.ts';

const AgentDojoCaseMode = lazy(() => import('../features/agentdojoCase/AgentDojoCaseMode.tsx'));

export function PageHost(props: {
  lang: Lang;
  state: AppState;
  links: ShellLinks;
  api: PlaygroundApi;
  notices: ReactNode;
  onShare(): void;
}): JSX.Element {
  const { lang, links, api, notices } = props;
  if (props.state.work.mode === 'recovery') return <RecoveryHost {...props} />;
  return (
    <Suspense fallback={<p className="muted">…</p>}>
      <AgentDojoCaseMode
        lang={lang}
        hrefFor={links.hrefFor}
        go={api.go}
        notices={notices}
        modeSwitch={<ModeSwitch lang={lang} mode="attack" hrefOf={links.hrefOf} onMode={api.setMode} />}
      />
    </Suspense>
  );
}
