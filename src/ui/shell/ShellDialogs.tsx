/**
 * The dialogs the shell opens: help, the "Start here" guide (on a first
 * visit, or from help) and the share link. Each loads when it opens: off the
 * first load.
 */
import { lazy, Suspense, type JSX } from 'react';
import type { Lang } from '../../lang.ts';
import { copyText } from '../../playground/browser.ts';
import type { GuideTargets } from '../features/guide/GuideDialog.tsx';
import type { Translate } from '../i18n/strings.ts';

const ShareDialog = lazy(() => import('../features/share/ShareDialog.tsx').then((m) => ({ default: m.ShareDialog })));
const HelpDialog = lazy(() => import('../features/help/HelpDialog.tsx').then((m) => ({ default: m.HelpDialog })));
const GuideDialog = lazy(() => import('../features/guide/GuideDialog.tsx').then((m) => ({ default: m.GuideDialog })));

export interface ShellDialogsProps {
  t: Translate;
  lang: Lang;
  helpOpen: boolean;
  onCloseHelp(): void;
  guideOpen: boolean;
  onOpenGuide(): void;
  onCloseGuide(): void;
  guideTargets(): GuideTargets;
  shareUrl: string | null;
  onCloseShare(): void;
}

export function ShellDialogs(p: ShellDialogsProps): JSX.Element {
  const { t, lang } = p;
  return (
    <>
      {p.helpOpen ? (
        <Suspense fallback={null}>
          <HelpDialog t={t} lang={lang} open onClose={p.onCloseHelp} onGuide={p.onOpenGuide} />
        </Suspense>
      ) : null}
      {p.guideOpen ? (
        <Suspense fallback={null}>
          <GuideDialog t={t} lang={lang} targets={p.guideTargets()} onClose={p.onCloseGuide} />
        </Suspense>
      ) : null}
      {p.shareUrl !== null ? (
        <Suspense fallback={null}>
          <ShareDialog t={t} lang={lang} url={p.shareUrl} onClose={p.onCloseShare} onCopy={copyText} />
        </Suspense>
      ) : null}
    </>
  );
}
