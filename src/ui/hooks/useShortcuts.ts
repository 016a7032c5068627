/**
 * Page-wide keyboard shortcuts: Alt+1…6 focus the panels (by the physical
 * key, so they work on any layout and with macOS's Option), and "?" opens the
 * help outside text fields, and J and K the next and previous lesson (../shell/KeyboardAids.tsx), outside text
 * fields too. Listened to in the capture phase, so the editor cannot swallow them.
 */
import { useEffect, useRef } from 'react';
import { onKeyDownCapture } from '../../playground/browser.ts';

export interface Shortcuts {
  panel?(n: number): void;
  help?(): void;
  /** J the next lesson of the open mode, K the previous (../../playground/lessonSequence.ts). */
  lesson?(by: 1 | -1): void;
}

function typingIn(target: EventTarget | null): boolean {
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
          ref.current.panel?.(Number(m[1]));
          return;
        }
      }
      if (e.altKey || e.ctrlKey || e.metaKey || typingIn(e.target)) return;
      // Not behind an open dialog; not Alt+arrows for the lessons: Alt+← is the browser's Back.
      const by = e.key === 'j' ? 1 : e.key === 'k' ? -1 : 0;
      const { help, lesson } = ref.current;
      if (e.key === '?' && help !== undefined) {
        e.preventDefault();
        help();
      } else if (by !== 0 && lesson !== undefined && document.querySelector('dialog[open]') === null) {
        e.preventDefault();
        lesson(by);
      }
    };
    return onKeyDownCapture(onKey);
  }, []);
}
