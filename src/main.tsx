/**
 * Entry point. The state is read from the address bar and storage once,
 * before React renders (StrictMode renders twice in development; reading
 * storage twice would set a corrupt save aside twice).
 */
import './ui/zodUnderCsp.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { bootState } from './playground/boot.ts';
import { isFirstVisit, setPresenting } from './playground/browser.ts';
import { isPresenting } from './playground/presentAddress.ts';
import { App } from './ui/App.tsx';
import { applyTheme, systemTheme } from './ui/hooks/useTheme.ts';
import './ui/styles.css';

// Before bootState: it writes the address, and the page saves its preferences once it has rendered.
const firstVisit = isFirstVisit();
// Presentation is the address's, not the saved work's: set before bootState writes the address, so that it keeps it.
const present = isPresenting(window.location.search);
setPresenting(present);
const initial = bootState();
// Before the first render: the editor's chunk loads Monaco's messages in this language (ui/features/editor/locale.ts).
document.documentElement.lang = initial.lang === 'zh' ? 'zh-CN' : 'en';
applyTheme(initial.prefs.theme === 'system' ? systemTheme() : initial.prefs.theme, initial.prefs.theme);

const root = document.getElementById('root');
if (root === null) throw new Error('index.html has no #root element');
createRoot(root, {
  // A panel's error boundary has handled it (its message is on screen): a warning, not an error.
  onCaughtError: (error, info) => console.warn('A panel failed and was contained:', error, info.componentStack),
}).render(
  <StrictMode>
    <App boot={() => initial} firstVisit={firstVisit} present={present} />
  </StrictMode>,
);
