/** The scenario file's codec (the CLI's format): export of the open document, import of a chosen file's bytes. Pure. */
import { parseScenario, SCENARIO_FORMAT, type Scenario } from '#lib/core/result/index.ts';
import { decodeUtf8Strict } from '#lib/core/json/index.ts';
import { contextFromDraft, contextObjectFromDraft } from '../contextDraft.ts';
import { compactDocs, docOfScenario, type Doc, type ScenarioMeta, type Work } from '../work.ts';
import { IO_LIMITS, refuse, strictJson, type Decoded } from './decoded.ts';

/** The scenario file of a document: the current handler output and context, or why it cannot be written yet. */
export function scenarioFileOf(id: string, doc: Doc, meta: ScenarioMeta | null): Decoded<string> {
  const handler = strictJson(doc.handlerText);
  if (!handler.ok) return refuse(handler.error.code, `handler output: ${handler.error.detail}`, handler.error.parse);
  const ctx = contextFromDraft(doc.context);
  if (!ctx.ok) {
    const obj = contextObjectFromDraft(doc.context);
    const why = ctx.issues.map((i) => `${i.path || '/'}: ${i.message}`).join('; ');
    return refuse(obj.ok ? 'WRONG_SCHEMA' : 'NOT_JSON', `trusted context: ${why}`);
  }
  const file: Scenario = {
    format: SCENARIO_FORMAT,
    id,
    title: meta?.title ?? { en: id, zh: id },
    summary: meta?.summary ?? { en: '', zh: '' },
    context: ctx.value,
    ...(doc.source !== undefined ? { source: doc.source } : {}),
    handler_output: handler.value,
  };
  const checked = parseScenario(file);
  if (!checked.ok)
    return refuse('WRONG_SCHEMA', checked.issues.map((i) => `${i.path || '/'}: ${i.message}`).join('; '));
  return { ok: true, value: `${JSON.stringify(file, null, 2)}\n` };
}

/** An imported file's bytes → a scenario: size, UTF-8, strict JSON, then the scenario schema. */
export function decodeScenarioFile(bytes: Uint8Array): Decoded<Scenario> {
  if (bytes.length > IO_LIMITS.maxCompressedBytes)
    return refuse('TOO_LARGE', `the file is ${bytes.length} bytes, over ${IO_LIMITS.maxCompressedBytes}`);
  const decoded = decodeUtf8Strict(bytes);
  if (!decoded.ok) return refuse('NOT_UTF8', decoded.error.message, decoded.error);
  const json = strictJson(decoded.text);
  if (!json.ok) return json;
  const r = parseScenario(json.value);
  if (!r.ok)
    return refuse(
      'WRONG_SCHEMA',
      r.issues
        .slice(0, 3)
        .map((i) => `${i.path || '/'}: ${i.message}`)
        .join('; '),
    );
  return { ok: true, value: r.value };
}

/** The work after importing a scenario: it becomes the open document under its own id. */
export function applyImport(work: Work, s: Scenario, builtin: boolean): Work {
  const doc: Doc = builtin ? docOfScenario(s) : { ...docOfScenario(s), meta: { title: s.title, summary: s.summary } };
  return {
    ...work,
    mode: work.mode === 'exercise' ? 'playground' : work.mode,
    scenarioId: s.id,
    docs: compactDocs({ ...work.docs, [s.id]: doc }),
  };
}
