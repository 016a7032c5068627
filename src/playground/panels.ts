/** The workspace's panels that can be focused by their title (Alt+4…6, the learn mode's demos): named here, where the lessons that point at them live, and focused by the UI (ui/components/focus.ts). */
export const PANEL_IDS = [
  'panel-model-result',
  'panel-protected-audit',
  'panel-digests',
  'panel-payloads',
  'panel-attack',
  'panel-learn',
] as const;
export type PanelId = (typeof PANEL_IDS)[number];
