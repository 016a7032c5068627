/**
 * The browser tests' hooks, in one module: a component hands this module what
 * a test may read or drive, and the module puts it on `window` in the `e2e`
 * build only (playwright.config.ts builds with `--mode e2e`). In every other
 * build ENABLED is the constant false and the bundler drops the bodies, so no
 * component carries a prop for the tests.
 */
const ENABLED = import.meta.env.MODE === 'e2e';

/** What the tests read and drive: the app's state and text (App.tsx) and the handler editor (HandlerMonaco.tsx). */
interface Hooks {
  __playground: {
    snapshot(): unknown;
    setHandlerText(text: string): void;
    openShare(fragment: string): void;
    evaluations(): Record<string, number>;
  };
  __playgroundEditor: {
    getValue(): string;
    getPosition(): unknown;
    getMarkers(): unknown[];
    modelPath(): string | null;
  };
}

export function exposeForTests<K extends keyof Hooks>(name: K, hook: Hooks[K]): void {
  if (ENABLED) (window as unknown as Hooks)[name] = hook;
}

/** True when a test named the panel in `window.__crashPanels`: it then throws while rendering, to prove one panel's failure stays in it. */
export function crashRequested(panelId: string): boolean {
  return ENABLED && (window as unknown as { __crashPanels?: string[] }).__crashPanels?.includes(panelId) === true;
}
