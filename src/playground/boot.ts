/**
 * The state the page starts from, read once before React renders: the only
 * step of the state that reads the browser (through ./browser.ts).
 */
import { languageFromNavigator } from '../lang.ts';
import { placeOf, resolveAddress } from './address.ts';
import * as browser from './browser.ts';
import { applyShare, decodeShare, SHARE_PREFIX } from './codecs/shareLink.ts';
import { parseOf } from './codecs/decoded.ts';
import { EMPTY_PROGRESS } from './progress.ts';
import { addNotice, losesWork, reducer, type AppState, type NoticeInput } from './reducer.ts';
import { DEFAULT_SCENARIO_ID, initialWork, knownScenario } from './work.ts';

/**
 * The state the page starts from, read once before React renders (so React's
 * StrictMode double calls cannot read storage twice): preferences, saved work
 * (a corrupt copy is set aside and reported), then a share link or an address.
 */
export function bootState(): AppState {
  const prefs = browser.loadPrefs();
  let state: AppState = {
    work: initialWork(),
    prefs,
    lang: prefs.lang ?? languageFromNavigator(browser.browserLanguages()),
    notices: [],
    nextId: 1,
    progress: EMPTY_PROGRESS,
  };
  const note = (n: NoticeInput) => {
    state = addNotice(state, n);
  };
  const savedProgress = browser.loadProgress();
  if (savedProgress.kind === 'ok') {
    state.progress = savedProgress.value.progress;
    if (savedProgress.value.recounted) note({ kind: 'info', code: 'progress-recounted', params: {} });
  } else if (savedProgress.kind === 'corrupt') {
    note({
      kind: 'error',
      code: 'corrupt-progress',
      params: {
        detail: `${savedProgress.error.code}: ${savedProgress.error.detail}`,
        key: savedProgress.setAsideKey ?? '',
      },
      ...parseOf(savedProgress.error),
    });
  }
  const saved = browser.loadWork();
  if (saved.kind === 'ok') state.work = saved.value;
  else if (saved.kind === 'corrupt') {
    note({
      kind: 'error',
      code: 'corrupt-saved',
      params: { detail: `${saved.error.code}: ${saved.error.detail}`, key: saved.setAsideKey ?? '' },
      ...parseOf(saved.error),
    });
  }

  const { address, fragment } = browser.readAddress();
  let shared = false;
  if (fragment !== null && fragment.startsWith(SHARE_PREFIX)) {
    const decoded = decodeShare(fragment);
    if (decoded.ok) {
      const next = applyShare(state.work, decoded.value);
      const stashed = losesWork(state.work, next) && browser.stashWork(state.work);
      state.work = next;
      shared = true;
      note({ kind: 'info', code: 'share-opened', params: {}, restore: stashed });
    } else {
      note({
        kind: 'error',
        code: 'share-refused',
        params: { reason: decoded.error.code, detail: decoded.error.detail },
        ...parseOf(decoded.error),
      });
    }
  }
  // A refused link still has a valid address in front of its fragment: honour it.
  if (!shared) {
    const r = resolveAddress(state.work, address, (id) => knownScenario(state.work, id), DEFAULT_SCENARIO_ID);
    state = reducer(state, { type: 'place', place: r.place });
    for (const p of r.problems) {
      note({
        kind: 'warning',
        code: p.kind,
        params: { value: p.value, fallback: p.kind === 'unknown-scenario' ? DEFAULT_SCENARIO_ID : '' },
      });
    }
  }
  if (!knownScenario(state.work, state.work.scenarioId))
    state.work = { ...state.work, scenarioId: DEFAULT_SCENARIO_ID };
  browser.writeAddress(placeOf(state.work), 'replace');
  return state;
}
