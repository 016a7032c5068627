/**
 * A small handle between the problems list (and the keyboard shortcuts) and
 * the editor, which may not have loaded yet: a reveal asked for before Monaco
 * arrives is kept and done as soon as it mounts.
 */
import type { TextRange } from '../../../playground/evaluate.ts';

export interface EditorHandle {
  reveal(range: TextRange): void;
  focus(): void;
}

export interface EditorBridge {
  attach(handle: EditorHandle | null): void;
  reveal(range: TextRange): void;
  focus(): void;
  /** Focus target while Monaco is still loading (the read-only preview). */
  fallback: HTMLElement | null;
}

export function createEditorBridge(): EditorBridge {
  let handle: EditorHandle | null = null;
  let pending: TextRange | null = null;
  const bridge: EditorBridge = {
    fallback: null,
    attach(h) {
      handle = h;
      if (h !== null && pending !== null) {
        h.reveal(pending);
        pending = null;
      }
    },
    reveal(range) {
      if (handle !== null) handle.reveal(range);
      else {
        pending = range;
        bridge.fallback?.focus();
      }
    },
    focus() {
      if (handle !== null) handle.focus();
      else bridge.fallback?.focus();
    },
  };
  return bridge;
}
