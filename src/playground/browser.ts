/**
 * The only module that touches the browser's storage, address bar, clipboard,
 * files, the page's title, language and theme, its key presses and its scroll
 * position. Every format it reads or writes has its pure codec in ./codecs;
 * each function here catches its own failures and reports them.
 */
import type { Scenario } from '#lib/core/result/index.ts';
import { parseSearch, searchOf, type Address, type Place } from './address.ts';
import { IO_LIMITS, refuse, type Decoded, type IoError } from './codecs/decoded.ts';
import { parsePrefs, serializePrefs, type Prefs } from './codecs/prefs.ts';
import { isEmptyProgress, parseProgress, serializeProgress, type SavedProgress } from './codecs/progress.ts';
import { parseSavedWork, serializeWork } from './codecs/savedWork.ts';
import { decodeScenarioFile } from './codecs/scenarioFile.ts';
import type { Progress } from './progress.ts';
import type { Work } from './work.ts';
import { withPresent } from './presentAddress.ts';
import type { StreamDocument, StreamDocumentError } from './turn/streamDocument.ts';
import { STRICT_JSON_LIMITS } from '#lib/core/json/index.ts';

export const STORAGE_KEYS = {
  work: 'tool-result-playground/work/v1',
  prefs: 'tool-result-playground/prefs/v1',
  /** The whole work as it was before a share link, an import or a reset replaced part of it. */
  stash: 'tool-result-playground/stash/v1',
  /** What the learner has done (proofs, attacks, questions, mistakes): see ./progress.ts. */
  progress: 'tool-result-playground/progress/v1',
  /** The exercise's chapter track: each case's texts and what each was sealed with (./chapterDrafts.ts). */
  chapterDrafts: 'tool-result-playground/chapter-drafts/v1',
  /** Set once the "Start here" guide has been closed: it opens by itself on a first visit only. */
  guideSeen: 'tool-result-playground/guide-seen/v1',
  /** Saved state that could not be read, kept verbatim under this prefix plus a timestamp. */
  corruptPrefix: 'tool-result-playground/corrupt/',
} as const;

function storage(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null;
  }
}

const errorText = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/** The text under a key; null when there is none or storage cannot be read. */
export function readStored(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Stores a text under a key (null removes the key), or says why it could not. */
export function writeStored(key: string, text: string | null): Decoded<null> {
  const s = storage();
  if (s === null) return refuse('STORAGE', 'localStorage is not available');
  try {
    if (text === null) s.removeItem(key);
    else s.setItem(key, text);
    return { ok: true, value: null };
  } catch (e) {
    return refuse('STORAGE', errorText(e));
  }
}

/**
 * A first visit: nothing saved (no work, no preferences, the guide never
 * closed) and a bare address. A link someone sent opens on what it points to;
 * the guide is one click away in Help. Read before the page saves anything.
 */
export function isFirstVisit(): boolean {
  const bare = window.location.search === '' && window.location.hash === '';
  return (
    bare &&
    readStored(STORAGE_KEYS.work) === null &&
    readStored(STORAGE_KEYS.prefs) === null &&
    readStored(STORAGE_KEYS.guideSeen) === null
  );
}

export const markGuideSeen = (): void => void writeStored(STORAGE_KEYS.guideSeen, '1');

export type Loaded<T> =
  { kind: 'none' } | { kind: 'ok'; value: T } | { kind: 'corrupt'; error: IoError; setAsideKey: string | null };

/**
 * Reads a saved copy. A corrupt copy is set aside, never deleted: it is copied
 * verbatim under `corruptPrefix` + `label` + a timestamp, and only then removed
 * from its key; if the copy fails it stays where it is. Either way it is reported.
 */
function loadSaved<T>(key: string, label: string, parse: (text: string) => Decoded<T>): Loaded<T> {
  const text = readStored(key);
  if (text === null) return { kind: 'none' };
  const r = parse(text);
  if (r.ok) return { kind: 'ok', value: r.value };
  const asideKey = `${STORAGE_KEYS.corruptPrefix}${label}${new Date().toISOString()}`;
  // Could not copy it: leave it where it is rather than lose it.
  const setAside = writeStored(asideKey, text).ok && writeStored(key, null).ok;
  return { kind: 'corrupt', error: r.error, setAsideKey: setAside ? asideKey : null };
}

/** The saved work; a corrupt copy is set aside and reported. */
export const loadWork = (): Loaded<Work> => loadSaved(STORAGE_KEYS.work, '', parseSavedWork);

/** The saved progress; a corrupt copy is set aside and reported, and the learner starts from nothing. */
export const loadProgress = (): Loaded<SavedProgress> => loadSaved(STORAGE_KEYS.progress, 'progress-', parseProgress);

export const saveWork = (work: Work): Decoded<null> => writeStored(STORAGE_KEYS.work, serializeWork(work));

/** Sets the whole work aside (before a change that would drop some of it); false when it could not. */
export const stashWork = (work: Work): boolean => writeStored(STORAGE_KEYS.stash, serializeWork(work)).ok;

export function loadStash(): Work | null {
  const text = readStored(STORAGE_KEYS.stash);
  const r = text === null ? null : parseSavedWork(text);
  return r?.ok === true ? r.value : null;
}

export const loadPrefs = (): Prefs => parsePrefs(readStored(STORAGE_KEYS.prefs));

/** Preferences are a convenience: losing them is not worth a message. */
export const savePrefs = (p: Prefs): void => void writeStored(STORAGE_KEYS.prefs, serializePrefs(p));

/** Saves the progress (a convenience, like preferences); the empty progress removes the key, so a reset leaves nothing behind. */
export const saveProgress = (p: Progress): void =>
  void writeStored(STORAGE_KEYS.progress, isEmptyProgress(p) ? null : serializeProgress(p));

export function browserLanguages(): readonly string[] {
  return typeof navigator !== 'undefined' ? (navigator.languages ?? [navigator.language]) : [];
}

export function readAddress(): { address: Address; fragment: string | null } {
  const fragment = window.location.hash.length > 1 ? window.location.hash.slice(1) : null;
  return { address: parseSearch(window.location.search), fragment };
}

/** Whether the page is presenting (./presentAddress.ts): kept in every address the page writes. */
let presenting = false;

/** Switches presentation and says so in the address, keeping the place and any fragment. */
export function setPresenting(on: boolean): void {
  presenting = on;
  const search = withPresent(window.location.search, on);
  if (search === window.location.search) return;
  try {
    window.history.replaceState(
      window.history.state,
      '',
      `${window.location.pathname}${search}${window.location.hash}`,
    );
  } catch {
    // An address that cannot be written changes nothing on the page.
  }
}

/** Puts a place in the address bar; `push` makes it a history entry (Back returns to the previous scenario). */
export function writeAddress(place: Place, how: 'push' | 'replace'): void {
  const search = withPresent(searchOf(place), presenting);
  if (window.location.search === search && window.location.hash === '') return;
  const url = `${window.location.pathname}${search}`;
  try {
    if (how === 'push') window.history.pushState(null, '', url);
    else window.history.replaceState(null, '', url);
  } catch {
    /* some embedded browsers refuse history calls; the address is a convenience */
  }
}

/** Subscribes to Back and Forward; returns the unsubscribe. */
export function onHistoryMove(listener: () => void): () => void {
  window.addEventListener('popstate', listener);
  return () => window.removeEventListener('popstate', listener);
}

/** Subscribes to a fragment typed or pasted into the address bar of the open page; returns the unsubscribe. */
export function onFragmentChange(listener: () => void): () => void {
  window.addEventListener('hashchange', listener);
  return () => window.removeEventListener('hashchange', listener);
}

/** Subscribes to the page being hidden (the last moment to save); returns the unsubscribe. */
export function onPageHide(listener: () => void): () => void {
  window.addEventListener('pagehide', listener);
  return () => window.removeEventListener('pagehide', listener);
}

/** The share link: this page with the state in its fragment, never the presenter's `present=1` (students read it on their own screens). */
export function shareUrlOf(fragment: string): string {
  return `${window.location.origin}${window.location.pathname}${withPresent(window.location.search, false)}#${fragment}`;
}

/** Copies text to the clipboard; false when the browser refuses (no permission, no secure context). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** Copies through a hidden text area: the editor's fallback where the async clipboard is missing or refused. */
export function copyTextByTextArea(text: string): void {
  const active = document.activeElement;
  const area = document.createElement('textarea');
  area.setAttribute('aria-hidden', 'true');
  area.style.cssText = 'position:fixed;top:0;left:0;width:1px;height:1px;opacity:0';
  area.value = text;
  document.body.appendChild(area);
  area.select();
  document.execCommand('copy');
  area.remove();
  if (active instanceof HTMLElement) active.focus();
}

/** The clipboard's text; null when the browser refuses (the editor then pastes from the paste event). */
export async function readClipboardText(): Promise<string | null> {
  try {
    return await navigator.clipboard.readText();
  } catch {
    return null;
  }
}

const DARK_QUERY = '(prefers-color-scheme: dark)';

/** Whether the system asks for a dark page (false where the browser cannot say). */
export const prefersDark = (): boolean =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches;

/** Calls `listener` when the system's light/dark preference changes; returns the unsubscribe. */
export function onPrefersDarkChange(listener: (dark: boolean) => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const mq = window.matchMedia(DARK_QUERY);
  const on = () => listener(mq.matches);
  mq.addEventListener('change', on);
  return () => mq.removeEventListener('change', on);
}

/** A phone's width: the CSS modules' `max-width: 719.98px`, for what folds in script rather than in CSS. */
const PHONE_QUERY = '(max-width: 719.98px)';

/** Whether the window is a phone's width (false where the browser cannot say). */
export const isPhoneWidth = (): boolean =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(PHONE_QUERY).matches;

/** Calls `listener` when the window crosses a phone's width; returns the unsubscribe. */
export function onPhoneWidthChange(listener: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const mq = window.matchMedia(PHONE_QUERY);
  mq.addEventListener('change', listener);
  return () => mq.removeEventListener('change', listener);
}

/** Writes the theme in use to <html data-theme> (the CSS variables and Monaco follow it) with the learner's choice beside it. */
export function setPageTheme(resolved: 'light' | 'dark', pref: string): void {
  const root = document.documentElement;
  root.dataset.theme = resolved;
  root.dataset.themePref = pref;
  root.style.colorScheme = resolved;
}

/** The page's language as the document says it (main.tsx sets it before the first render). */
export const pageLanguage = (): string => document.documentElement.lang;

/** Listens to every key press before the page's own handlers (the shortcuts); returns the unsubscribe. */
export function onKeyDownCapture(listener: (e: KeyboardEvent) => void): () => void {
  window.addEventListener('keydown', listener, true);
  return () => window.removeEventListener('keydown', listener, true);
}

/** The page's language (for screen readers and fonts) and its title, in that language. */
export function setPageLanguage(htmlLang: string, title: string): void {
  document.documentElement.lang = htmlLang;
  document.title = title;
}

/** Reloads the page (Monaco's menus take the page's language only when it loads). */
export const reloadPage = (): void => window.location.reload();

/**
 * Keeps the page's scroll padding at the top equal to a sticky bar's height (and `gap` more), as the bar wraps to
 * more or fewer rows: the browser then scrolls whatever gets the focus (Tab, Alt+1…6, a problem's link) to below
 * the bar instead of under it (WCAG 2.4.11, focus not obscured). Returns the undo.
 */
export function padScrollBelow(bar: HTMLElement, gap: number): () => void {
  const root = document.documentElement;
  const set = () => {
    const h = bar.getBoundingClientRect().height;
    // Hidden (wide screens): no padding, the bar is not over anything.
    root.style.scrollPaddingTop = h > 0 ? `${Math.ceil(h + gap)}px` : '';
  };
  set();
  const observer = new ResizeObserver(set);
  observer.observe(bar);
  return () => {
    observer.disconnect();
    root.style.scrollPaddingTop = '';
  };
}

/**
 * Scrolls the page so that an element's top lands at the top of the window, below the page's scroll padding: the
 * sticky bar's height that {@link padScrollBelow} keeps there, whatever rows the bar has wrapped to by then.
 */
export function scrollBelowBar(el: Element): void {
  el.scrollIntoView({ block: 'start', inline: 'nearest' });
}

/** Scrolls the page to its top (a new mode starts there: on a phone the page scrolls, and stayed where the last was). */
export function scrollPageToTop(): void {
  window.scrollTo({ top: 0, left: 0 });
}

export function downloadText(filename: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Reads a chosen file, refusing an oversized one before reading it. */
export async function readScenarioFile(file: File): Promise<Decoded<Scenario>> {
  if (file.size > IO_LIMITS.maxCompressedBytes)
    return refuse('TOO_LARGE', `the file is ${file.size} bytes, over ${IO_LIMITS.maxCompressedBytes}`);
  try {
    return decodeScenarioFile(new Uint8Array(await file.arrayBuffer()));
  } catch (e) {
    return refuse('UNREADABLE', errorText(e));
  }
}

/** Reads a chosen text file (a stream document), refusing one over `maxBytes` before reading it; the caller's codec reads the text strictly. */
export async function readTextFile(file: File, maxBytes: number): Promise<Decoded<string>> {
  if (file.size > maxBytes) return refuse('TOO_LARGE', `the file is ${file.size} bytes, over ${maxBytes}`);
  try {
    return { ok: true, value: new TextDecoder('utf-8', { fatal: true }).decode(await file.arrayBuffer()) };
  } catch (e) {
    return refuse('UNREADABLE', errorText(e));
  }
}

/**
 * Reads a chosen stream document file (the turn mode's import): refused over
 * the strict parser's limit, then read by the document's codec, its fault
 * located. The codec comes with the turn mode's chunk, never the first load.
 */
export async function readStreamFile(
  file: File,
): Promise<
  | { ok: true; value: StreamDocument }
  | { ok: false; error: { code: string; detail: string; document?: StreamDocumentError } }
> {
  const { decodeStreamDocument } = await import('./turn/streamDocument.ts');
  const r = await readTextFile(file, STRICT_JSON_LIMITS.maxBytes);
  if (!r.ok) return r;
  const d = decodeStreamDocument(r.value);
  if (d.ok) return { ok: true, value: d.document };
  const e = d.error;
  return {
    ok: false,
    error: {
      code: e.code,
      detail: `line ${e.line}, column ${e.column}${e.pointer === '' ? '' : ` (${e.pointer})`}: ${e.message}`,
      // The document's refusal as data: the page says it in the learner's language.
      document: e,
    },
  };
}
