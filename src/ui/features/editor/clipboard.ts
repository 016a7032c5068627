/**
 * Monaco's clipboard without its WebKit workaround
 * (docs/decisions.md#the-first-visit-the-classroom-and-the-phone). Where the user
 * agent names Safari or another WebKit browser (every browser on an iPhone),
 * monaco-editor's BrowserClipboardService answers every click and key press
 * anywhere in the page with `navigator.clipboard.write` of a pending item,
 * and cancels the previous one: each cancel is logged as "Canceled" (about 29
 * on a phone after a tap outside the editor and a few words typed). This
 * service does what the editor needs, reads and writes text, only when the
 * editor asks, so nothing runs on the page's own taps and keys.
 */
import { copyText, copyTextByTextArea, readClipboardText } from '../../../playground/browser.ts';

/** The methods of Monaco's IClipboardService that the editor calls (monaco-editor 0.57). */
export interface PlainClipboardService {
  readonly _serviceBrand: undefined;
  writeText(text: string, type?: string): Promise<void>;
  readText(type?: string): Promise<string>;
  readFindText(): Promise<string>;
  writeFindText(text: string): Promise<void>;
  writeResources(resources: readonly unknown[]): Promise<void>;
  readResources(): Promise<unknown[]>;
  hasResources(): Promise<boolean>;
  clearInternalState(): void;
  triggerPaste(): Promise<void> | undefined;
  readImage(): Promise<Uint8Array>;
}

export function plainClipboardService(): PlainClipboardService {
  // Typed entries (Monaco's own, e.g. the find widget's) live in memory only, as in Monaco's web service.
  const typed = new Map<string, string>();
  let findText = '';
  return {
    _serviceBrand: undefined,
    async writeText(text, type) {
      if (type !== undefined) {
        typed.set(type, text);
        return;
      }
      if (!(await copyText(text))) copyTextByTextArea(text);
    },
    async readText(type) {
      if (type !== undefined) return typed.get(type) ?? '';
      // Refused or unavailable: the editor pastes from the paste event instead.
      return (await readClipboardText()) ?? '';
    },
    readFindText: async () => findText,
    writeFindText: async (text) => {
      findText = text;
    },
    writeResources: async () => undefined,
    readResources: async () => [],
    hasResources: async () => false,
    clearInternalState: () => undefined,
    triggerPaste: () => undefined,
    readImage: async () => new Uint8Array(),
  };
}
