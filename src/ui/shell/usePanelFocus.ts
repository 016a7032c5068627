/**
 * Where focus can go in the workspace, and the keys that move it there
 * (Alt+1…6, "?"). Every target is a ref a component fills (components/focus.ts):
 * the panels' titles and regions, the bottom tabs, the first problem, the
 * context form's fields (its chunk may still be loading: a request waits for
 * it to mount), the exercise and the attack's verdict.
 */
import { createRef, useCallback, useMemo, useState } from 'react';
import { focusFirstSoon, lateHandle, panelTarget, panelTargets } from '../components/focus.ts';
import { tabRef, type TabsHandle } from '../components/Tabs.tsx';
import type { ContextFormHandle } from '../features/context/ContextForm.tsx';
import type { EditorBridge } from '../features/editor/bridge.ts';
import type { BottomTab } from '../features/panelNav/PanelNav.tsx';
import type { ProjectionFocus } from '../features/projections/ProjectionPanels.tsx';
import type { DraftField } from '../../playground/contextDraft.ts';
import { useShortcuts } from '../hooks/useShortcuts.ts';

function createTargets() {
  const panels = panelTargets();
  const bottomTabs = createRef<TabsHandle<BottomTab>>();
  const exerciseHost = createRef<HTMLDivElement>();
  const editor = panelTarget();
  const projections: ProjectionFocus = {
    modelResult: panels['panel-model-result'],
    protectedAudit: panels['panel-protected-audit'],
  };
  return {
    panels,
    editor,
    projections,
    bottomTabs,
    exerciseHost,
    firstProblem: createRef<HTMLButtonElement>(),
    attackVerdict: createRef<HTMLElement>(),
    contextForm: lateHandle<ContextFormHandle>(),
  };
}

export type FocusTargets = ReturnType<typeof createTargets>;

export interface PanelFocus {
  targets: FocusTargets;
  bottomTab: BottomTab;
  setBottomTab(tab: BottomTab): void;
  /** Shows the context tab and focuses one of its fields. */
  focusField(field: DraftField): void;
}

export function usePanelFocus(bridge: EditorBridge, openHelp: () => void): PanelFocus {
  const targets = useMemo(createTargets, []);
  const [bottomTab, setBottomTab] = useState<BottomTab>('problems');
  const { panels, exerciseHost } = targets;
  const focusField = useCallback(
    (f: DraftField) => {
      setBottomTab('context');
      targets.contextForm.act((form) => form.focusField(f));
    },
    [targets],
  );
  useShortcuts({
    help: openHelp,
    panel: (n) => {
      if (n === 1) bridge.focus();
      else if (n === 2) {
        setBottomTab('problems');
        focusFirstSoon(targets.firstProblem, tabRef(targets.bottomTabs, 'problems'));
      } else if (n === 3) focusField('tenant');
      else if (n === 4)
        focusFirstSoon(
          panels['panel-attack'].title,
          panels['panel-learn'].title,
          exerciseHost,
          panels['panel-model-result'].title,
        );
      // Modes without digests and payloads send 5 and 6 to what they show instead.
      else if (n === 5)
        focusFirstSoon(panels['panel-digests'].title, panels['panel-model-result'].title, panels['panel-attack'].title);
      else if (n === 6)
        focusFirstSoon(
          panels['panel-payloads'].title,
          panels['panel-protected-audit'].title,
          panels['panel-attack'].title,
        );
    },
  });
  return { targets, bottomTab, setBottomTab, focusField };
}
