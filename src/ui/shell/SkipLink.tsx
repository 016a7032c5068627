/**
 * The first stop of the keyboard: past the header to the editor, or where a page has none (the recovery lab, the
 * attack lab's real case) to that page.
 */
import type { JSX } from 'react';
import type { Lang } from '../../lang.ts';
import type { Mode } from '../../playground/work.ts';
import type { AttackCaseId } from '../../lessons/agentdojoCase/caseIds.ts';
import { SHELL_TEXT } from './text.ts';

export function SkipLink({
  lang,
  mode,
  attackCase,
  onEditor,
}: {
  lang: Lang;
  mode: Mode;
  /** The attack lab's real case, open when the mode is the attack lab's: it has no editor. */
  attackCase?: AttackCaseId | undefined;
  onEditor(): void;
}): JSX.Element {
  const t = SHELL_TEXT[lang];
  // A page without an editor: the recovery lab, the attack lab's real case.
  const page = mode === 'recovery' ? 'recovery' : mode === 'attack' && attackCase !== undefined ? 'case' : null;
  if (page !== null)
    return (
      <a className="skip-link" href={page === 'recovery' ? '#recovery-main' : '#agentdojo-case'}>
        {page === 'recovery' ? t.skipToLab : t.skipToCase}
      </a>
    );
  return (
    <a
      className="skip-link"
      href="#editor"
      onClick={(e) => {
        e.preventDefault();
        onEditor();
      }}
    >
      {t.skipToEditor}
    </a>
  );
}
