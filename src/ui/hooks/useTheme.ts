/**
 * The theme in use: the learner's choice, or the system's when they chose
 * "system" (followed live). It is written to <html data-theme> so the CSS
 * variables and Monaco's theme follow it.
 */
import { useEffect, useLayoutEffect, useState } from 'react';
import type { ThemePref } from '../../playground/codecs/prefs.ts';
import { onPrefersDarkChange, prefersDark, setPageTheme } from '../../playground/browser.ts';

export type ResolvedTheme = 'light' | 'dark';

export const systemTheme = (): ResolvedTheme => (prefersDark() ? 'dark' : 'light');

export const applyTheme = (resolved: ResolvedTheme, pref: ThemePref): void => setPageTheme(resolved, pref);

export function useResolvedTheme(pref: ThemePref): ResolvedTheme {
  const [system, setSystem] = useState<ResolvedTheme>(systemTheme);
  useEffect(() => onPrefersDarkChange((dark) => setSystem(dark ? 'dark' : 'light')), []);
  const resolved = pref === 'system' ? system : pref;
  useLayoutEffect(() => applyTheme(resolved, pref), [resolved, pref]);
  return resolved;
}
