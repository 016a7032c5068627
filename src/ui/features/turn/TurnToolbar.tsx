/**
 * The turn mode's bar: which provider and stream are open (titled in the
 * learner's language), what the stream shows, whether it was edited, and the
 * ways in and out: share link, export and import of the stream document.
 * The streams come in two groups: the project's own fixtures, and the
 * streams recorded from the live APIs (docs/turn-contract.md#what-providers-really-send);
 * a recording's source is
 * shown in the stream panel, where it has room.
 */
import { useRef, useState, type JSX } from 'react';
import type { ProviderName } from '#lib/core/tables/index.ts';
import { findRecording } from '../../../chapter/recordings/index.ts';
import type { Lang } from '../../../lang.ts';
import { recordingsOf } from '../../../playground/turn/recordedStreams.ts';
import { defaultStream, TURN_PROVIDER_NAMES } from '../../../playground/turn/turnAddress.ts';
import { fixtureText } from './fixtureTexts.ts';
import type { TurnTexts } from './text.ts';
import styles from './TurnToolbar.module.css';
import { findTurnFixture, turnFixtures } from '../../../chapter/index.ts';

const PROVIDER_TITLE: Readonly<Record<ProviderName, string>> = {
  openai: 'OpenAI Responses',
  anthropic: 'Anthropic Messages',
  gemini: 'Gemini Interactions',
};

export interface TurnToolbarProps {
  x: TurnTexts;
  lang: Lang;
  provider: ProviderName;
  /** The open stream's id: a fixture's or a recording's. */
  stream: string;
  edited: boolean;
  onStream(id: string): void;
  onReset(): void;
  onShare(): void;
  onExport(): void;
  onImport(file: File): void;
}

export function TurnToolbar({
  x,
  lang,
  provider,
  stream,
  edited,
  onStream,
  onReset,
  onShare,
  onExport,
  onImport,
}: TurnToolbarProps): JSX.Element {
  const fileRef = useRef<HTMLInputElement>(null);
  // On a phone the summary folds behind a button, as the scenario bar's does (Toolbar.module.css); wider, it is shown.
  const [aboutOpen, setAboutOpen] = useState(false);
  const fixture = findTurnFixture(stream);
  const recording = fixture === null ? findRecording(stream) : null;
  const summary = fixture !== null ? fixtureText(fixture, lang).summary : (recording?.title[lang] ?? '');
  return (
    <div className={styles.toolbar} role="toolbar" aria-label={x.toolbarLabel}>
      <label className="inline-label">
        <span>{x.provider}</span>
        <select
          value={provider}
          onChange={(e) => onStream(defaultStream(e.target.value as ProviderName))}
          data-testid="turn-provider"
        >
          {TURN_PROVIDER_NAMES.map((p) => (
            <option key={p} value={p}>
              {PROVIDER_TITLE[p]}
            </option>
          ))}
        </select>
      </label>
      <label className={`inline-label ${styles.picker}`}>
        <span>{x.stream}</span>
        <select value={stream} onChange={(e) => onStream(e.target.value)} data-testid="turn-stream">
          <optgroup label={x.groupFixtures}>
            {turnFixtures
              .filter((f) => f.provider === provider)
              .map((f) => (
                <option key={f.id} value={f.id}>
                  {fixtureText(f, lang).title} ({f.id})
                </option>
              ))}
          </optgroup>
          <optgroup label={x.groupRecorded} data-testid="turn-recorded-group">
            {recordingsOf(provider).map((r) => (
              <option key={r.id} value={r.id}>
                {r.title[lang]} ({r.id})
              </option>
            ))}
          </optgroup>
        </select>
      </label>
      <button
        type="button"
        className={`btn btn-quiet ${styles.aboutToggle}`}
        aria-expanded={aboutOpen}
        aria-controls="turn-summary"
        onClick={() => setAboutOpen((o) => !o)}
        data-testid="turn-about"
      >
        <span aria-hidden="true">{aboutOpen ? '▾' : '▸'}</span> {x.about}
      </button>
      <p id="turn-summary" className={styles.summary} title={summary} data-open={aboutOpen || undefined}>
        {summary}
      </p>
      {edited ? (
        <span className={`edited ${styles.edited}`}>
          <span className="chip chip-accent">{x.edited}</span>
          <button type="button" className="btn btn-quiet" onClick={onReset}>
            {x.resetStream}
          </button>
        </span>
      ) : null}
      <div className={styles.actions}>
        <button type="button" className="btn" onClick={onShare} aria-haspopup="dialog">
          {x.share}
        </button>
        <button type="button" className="btn" onClick={onExport}>
          {x.exportStream}
        </button>
        <button type="button" className="btn" onClick={() => fileRef.current?.click()}>
          {x.importStream}
        </button>
        <input
          ref={fileRef}
          type="file"
          accept=".json,.jsonl,.sse,.txt,application/json"
          className="sr-only"
          tabIndex={-1}
          aria-label={x.importStream}
          data-testid="turn-import-file"
          onChange={(e) => {
            const f = e.target.files?.[0];
            e.target.value = '';
            if (f !== undefined) onImport(f);
          }}
        />
      </div>
    </div>
  );
}
