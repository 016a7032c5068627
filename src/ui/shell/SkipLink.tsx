/** The first stop of the keyboard: past the header to the editor, or in the recovery lab (which has none) to the lab. */
import type { JSX } from 'react';
import type { Lang } from '../../lang.ts';
import type { Mode } from '../../playground/work.ts';
import { SHELL_TEXT } from './text.ts';

export function SkipLink({ lang, mode, onEditor }: { lang: Lang; mode: Mode; onEditor(): void }): JSX.Element {
  const t = SHELL_TEXT[lang];
  if (mode === 'recovery')
    return (
      <a className="skip-link" href="#recovery-main">
        {t.skipToLab}
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
