/**
 * The scenario bar: which scenario is open (grouped by tool, the MCP server's
 * results apart, titled in the learner's language), its summary, whether it was edited, and the ways in
 * and out: share link, export and import of the CLI's scenario file.
 */
import { useRef, useState, type JSX } from 'react';
import type { Lang } from '../../../lang.ts';
import { TOOLBAR_TEXT } from './text.ts';
import styles from './Toolbar.module.css';
import { findScenario } from '../../../chapter/index.ts';
import { isMcpScenario, listedScenarioIds, scenarioMeta, type Work } from '../../../playground/work.ts';

export interface ScenarioOption {
  id: string;
  title: string;
  /** Listed under its tool, among the MCP server's results (docs/scenarios.md#mcp-scenarios), or among the imported. */
  group: 'tool' | 'mcp' | 'imported';
}

/** The picker's options for a work: every listed scenario, titled in the learner's language, in its group. */
export function scenarioOptions(work: Work, lang: Lang): ScenarioOption[] {
  return listedScenarioIds(work).map((id) => ({
    id,
    title: scenarioMeta(work, id)?.title[lang] ?? id,
    group: isMcpScenario(id) ? 'mcp' : findScenario(id) === null ? 'imported' : 'tool',
  }));
}

export interface ToolbarProps {
  lang: Lang;
  exercise: { index: number } | null;
  scenarioId: string;
  options: readonly ScenarioOption[];
  /** The MCP scenarios' group, named by the MCP chunk (features/mcpSource/text.ts); until it has loaded, the bare word. */
  mcpGroup: string;
  summary: string;
  edited: boolean;
  onSelect(id: string): void;
  onReset(): void;
  onShare(): void;
  onExport(): void;
  onImport(file: File): void;
  /** Where this scenario leads next, when it leads somewhere (search_kb.injection: the model's next turn). */
  next: { href: string; label: string; open(): void } | null;
}

function groups(
  options: readonly ScenarioOption[],
  labels: { imported: string; mcp: string; toolTitles: Readonly<Record<string, string>> },
): { label: string; items: ScenarioOption[] }[] {
  const out: { label: string; items: ScenarioOption[] }[] = [];
  for (const o of options) {
    const tool = o.id.slice(0, o.id.indexOf('.'));
    const label =
      o.group === 'tool'
        ? `${tool} — ${Object.hasOwn(labels.toolTitles, tool) ? labels.toolTitles[tool] : tool}`
        : labels[o.group];
    const g = out.find((x) => x.label === label);
    if (g !== undefined) g.items.push(o);
    else out.push({ label, items: [o] });
  }
  return out;
}

export function Toolbar(p: ToolbarProps): JSX.Element {
  const { lang } = p;
  const toolbarText = TOOLBAR_TEXT[lang];
  const fileRef = useRef<HTMLInputElement>(null);
  // On a phone the summary folds behind a button (Toolbar.module.css); wider, it is always shown and the button is not.
  const [aboutOpen, setAboutOpen] = useState(false);
  return (
    <div className={styles.toolbar} role="toolbar" aria-label={toolbarText.scenario}>
      {p.exercise === null ? (
        <label className={`inline-label ${styles.picker}`}>
          <span>{toolbarText.scenario}</span>
          <select value={p.scenarioId} onChange={(e) => p.onSelect(e.target.value)} data-testid="scenario-select">
            {groups(p.options, {
              imported: toolbarText.scenarioGroupImported,
              mcp: p.mcpGroup,
              toolTitles: toolbarText.toolTitles,
            }).map((g) => (
              <optgroup key={g.label} label={g.label}>
                {g.items.map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.title} ({o.id})
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </label>
      ) : (
        <span className={styles.exerciseEditing}>
          <strong>{toolbarText.exerciseEditing(p.exercise.index + 1)}</strong> — {toolbarText.exerciseHint}
        </span>
      )}
      <button
        type="button"
        className={`btn btn-quiet ${styles.aboutToggle}`}
        aria-expanded={aboutOpen}
        aria-controls="scenario-summary"
        onClick={() => setAboutOpen((o) => !o)}
        data-testid="scenario-about"
      >
        <span aria-hidden="true">{aboutOpen ? '▾' : '▸'}</span> {toolbarText.about}
      </button>
      <p id="scenario-summary" className={styles.summary} title={p.summary} data-open={aboutOpen || undefined}>
        {p.summary}
      </p>
      {p.next !== null ? (
        <a
          className={styles.nextLink}
          href={p.next.href}
          data-testid="next-turn-link"
          onClick={(e) => {
            if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || p.next === null) return;
            e.preventDefault();
            p.next.open();
          }}
        >
          {p.next.label}
        </a>
      ) : null}
      {p.edited && p.exercise === null ? (
        <span className={`edited ${styles.edited}`}>
          <span className="chip chip-accent">{toolbarText.edited}</span>
          <button type="button" className="btn btn-quiet" onClick={p.onReset}>
            {toolbarText.resetScenario}
          </button>
        </span>
      ) : null}
      <div className={styles.actions}>
        <button type="button" className="btn" onClick={p.onShare} aria-haspopup="dialog">
          {toolbarText.share}
        </button>
        {/* On a phone the short word is shown (Toolbar.module.css); the name is the whole label either way. */}
        <button type="button" className="btn" onClick={p.onExport} aria-label={toolbarText.exportScenario}>
          <span className={styles.long}>{toolbarText.exportScenario}</span>
          <span className={styles.short}>{toolbarText.exportShort}</span>
        </button>
        <button
          type="button"
          className="btn"
          onClick={() => fileRef.current?.click()}
          aria-label={toolbarText.importScenario}
        >
          <span className={styles.long}>{toolbarText.importScenario}</span>
          <span className={styles.short}>{toolbarText.importShort}</span>
        </button>
        <input
          ref={fileRef}
          type="file"
          accept=".json,application/json"
          className="sr-only"
          tabIndex={-1}
          aria-label={toolbarText.importScenario}
          data-testid="import-file"
          onChange={(e) => {
            const f = e.target.files?.[0];
            e.target.value = '';
            if (f !== undefined) p.onImport(f);
          }}
        />
      </div>
    </div>
  );
}
