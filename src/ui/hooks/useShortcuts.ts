/**
 * Page-wide keyboard shortcuts: Alt+1…6 focus the panels (by the physical
 * key, so they work on any layout and with macOS's Option), and "?" opens the
 * help outside text fields. Listened to in the capture phase, so the editor
 * cannot swallow them.
 */
import { useEffect, useRef } from 'react';
import { onKeyDownCapture } from '../../playground/browser.ts';

export interface Shortcuts {
  panel(n: number): void;
  help(): void;
}

/** Whether a key press is typing: in the editor, a field or editable text (then no shortcut takes it). */
export function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target.closest('.monaco-editor') !== null) return true;
  const tag = target.tagName;
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT';
}

export function useShortcuts(handlers: Shortcuts): void {
  const ref = useRef(handlers);
  ref.current = handlers;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey && !e.ctrlKey && !e.metaKey && !e.shiftKey) {
        const m = /^Digit([1-6])$/.exec(e.code);
        if (m !== null) {
          e.preventDefault();
          e.stopPropagation();
          ref.current.panel(Number(m[1]));
          return;
        }
      }
      if (e.key === '?' && !e.altKey && !e.ctrlKey && !e.metaKey && !typingIn(e.target)) {
        e.preventDefault();
        ref.current.help();
      }
    };
    return onKeyDownCapture(onKey);
  }, []);
}
