/**
 * Entry point. The state is read from the address bar and storage once,
 * before React renders (StrictMode renders twice in development; reading
 * storage twice would set a corrupt save aside twice).
 */
import './ui/zodUnderCsp.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { bootState } from './playground/boot.ts';
import { App } from './ui/App.tsx';
import { applyTheme, systemTheme } from './ui/hooks/useTheme.ts';
import './ui/styles.css';

const initial = bootState();
applyTheme(initial.prefs.theme === 'system' ? systemTheme() : initial.prefs.theme, initial.prefs.theme);

const root = document.getElementById('root');
if (root === null) throw new Error('index.html has no #root element');
createRoot(root, {
  // A panel's error boundary has handled it (its message is on screen): a warning, not an error.
  onCaughtError: (error, info) => console.warn('A panel failed and was contained:', error, info.componentStack),
}).render(
  <StrictMode>
    <App boot={() => initial} />
  </StrictMode>,
);
