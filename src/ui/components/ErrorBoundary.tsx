/**
 * One per panel: a bug in one panel shows a message there and a way to try
 * again; the rest of the page keeps working, and the editor text (which lives
 * in the state, not in the panel) survives.
 */
import { Component, type ReactNode } from 'react';

export interface ErrorBoundaryProps {
  /** Renders the message for a caught error; `reset` tries the children again. */
  fallback(error: Error, reset: () => void): ReactNode;
  /** When this changes, a failed panel tries again by itself (new input may not trip the bug). */
  resetKey?: unknown;
  children: ReactNode;
}

interface State {
  error: Error | null;
  key: unknown;
}

export class ErrorBoundary extends Component<ErrorBoundaryProps, State> {
  override state: State = { error: null, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: ErrorBoundaryProps, state: State): Partial<State> | null {
    if (props.resetKey !== state.key) return { key: props.resetKey, error: null };
    return null;
  }

  reset = (): void => this.setState({ error: null });

  override render(): ReactNode {
    if (this.state.error !== null) return this.props.fallback(this.state.error, this.reset);
    return this.props.children;
  }
}
