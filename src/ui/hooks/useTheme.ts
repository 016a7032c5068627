/**
 * The theme in use: the learner's choice, or the system's when they chose
 * "system" (followed live). It is written to <html data-theme> so the CSS
 * variables and Monaco's theme follow it.
 */
import { useEffect, useLayoutEffect, useState } from 'react';
import type { ThemePref } from '../../playground/codecs/prefs.ts';

export type ResolvedTheme = 'light' | 'dark';

const QUERY = '(prefers-color-scheme: dark)';

export function systemTheme(): ResolvedTheme {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(QUERY).matches ? 'dark' : 'light';
}

export function applyTheme(resolved: ResolvedTheme, pref: ThemePref): void {
  const root = document.documentElement;
  root.dataset.theme = resolved;
  root.dataset.themePref = pref;
  root.style.colorScheme = resolved;
}

export function useResolvedTheme(pref: ThemePref): ResolvedTheme {
  const [system, setSystem] = useState<ResolvedTheme>(systemTheme);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const mq = window.matchMedia(QUERY);
    const on = () => setSystem(mq.matches ? 'dark' : 'light');
    mq.addEventListener('change', on);
    return () => mq.removeEventListener('change', on);
  }, []);
  const resolved = pref === 'system' ? system : pref;
  useLayoutEffect(() => applyTheme(resolved, pref), [resolved, pref]);
  return resolved;
}
