/** What the attacker changed: the handler output (or the MCP server's answer) and the model_result, or the package (and, for A3 and A12, the trusted context). */
import type { JSX } from 'react';
import type { Lang } from '../../../lang.ts';
import { DiffView } from '../../components/DiffView/DiffView.tsx';
import type { AttackView } from '../../../playground/attackView.ts';
import { ATTACK_LAB_TEXT } from './text.ts';
import styles from './Diffs.module.css';

export function Diffs({ view, lang }: { view: AttackView; lang: Lang }): JSX.Element | null {
  const t = ATTACK_LAB_TEXT[lang];
  const run = view.run;
  if (run === null) return null;
  if (run.handler !== undefined) {
    const mcp = view.info.surface === 'mcp';
    return (
      <div className={styles.diffs}>
        <DiffView
          title={mcp ? t.diffMcp : t.diffHandler}
          before={run.handler.before}
          after={run.handler.after}
          beforeLabel={mcp ? t.mcpBefore : t.handlerBefore}
          afterLabel={mcp ? t.mcpAfter : t.handlerAfter}
          lang={lang}
          testId="diff-handler"
        />
        <DiffView
          title={t.diffModel}
          before={run.victim.pkg.model_result}
          after={run.tampered.pkg.model_result}
          beforeLabel={t.modelBefore}
          afterLabel={t.modelAfter}
          lang={lang}
          testId="diff-model-result"
        />
      </div>
    );
  }
  const showTrusted = run.id === 'A3' || run.id === 'A12';
  return (
    <div className={styles.diffs}>
      <DiffView
        title={t.diffPackage}
        before={run.victim.pkg}
        after={run.tampered.pkg}
        beforeLabel={t.stored}
        afterLabel={t.presented}
        lang={lang}
        testId="diff-package"
      />
      {showTrusted && (
        <DiffView
          title={t.diffTrusted}
          before={run.victim.trusted}
          after={run.tampered.trusted}
          beforeLabel={t.trustedVictim}
          afterLabel={t.trustedTampered}
          lang={lang}
          testId="diff-trusted"
        />
      )}
    </div>
  );
}
