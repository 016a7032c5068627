/**
 * Monaco's own words (its menus, hovers and command palette) in the page's
 * language (docs/decisions.md#the-first-visit-the-classroom-and-the-phone). monaco-editor ships its messages per language as a
 * script that fills `globalThis._VSCODE_NLS_MESSAGES`; the editor reads that
 * table as its modules evaluate, so the Chinese table must be in place before
 * the editor's chunk runs. Both come from this bundle: no CDN.
 *
 * Once Monaco has evaluated, its language is fixed for the page's life (a
 * table swapped later would leave the menus built so far in the first
 * language): switching the page's language then offers a reload instead
 * (features/editor/EditorPanel.tsx).
 */
import { pageLanguage } from '../../../playground/browser.ts';
import type { Lang } from '../../../lang.ts';

let loaded: Lang | null = null;

/** Loads Monaco's messages for `lang` once, before the editor's own code. English is Monaco's default and needs nothing. */
export async function loadMonacoLocale(lang: Lang): Promise<void> {
  if (loaded !== null) return;
  loaded = lang;
  if (lang === 'zh') await import('monaco-editor/nls/lang/zh-cn.js');
}

/** The language Monaco speaks on this page, or null before it has loaded. */
export const monacoLocale = (): Lang | null => loaded;

/** The page's language as the document says it (main.tsx sets it before the first render). */
export const documentLang = (): Lang => (pageLanguage().startsWith('zh') ? 'zh' : 'en');
