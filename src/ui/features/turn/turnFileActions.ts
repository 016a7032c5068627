/**
 * The turn mode's file actions: export the stream as the learner has it, import a stream file (read and checked
 * through browser.ts), reset to the built-in stream. Import and reset may drop edits: the page sets them aside first.
 */
import * as browser from '../../../playground/browser.ts';
import type { NoticeInput } from '../../../playground/reducer.ts';
import { encodeStreamDocument } from '../../../playground/turn/streamDocument.ts';
import { defaultStream } from '../../../playground/turn/turnAddress.ts';
import {
  EMPTY_TURN_DOC,
  turnDocOf,
  withTurnDoc,
  withTurnStream,
  type TurnWork,
} from '../../../playground/turn/turnWork.ts';
import type { TurnView } from '../../../playground/turn/turnView.ts';
import { streamDocumentDetailZh } from './streamDocumentWords.ts';
import { STRICT_JSON_LIMITS } from '#lib/core/json/index.ts';

export function turnFileActions(
  turn: TurnWork,
  view: Pick<TurnView, 'provider' | 'effectiveText'>,
  notify: (n: NoticeInput) => void,
  onReplaceTurn: (turn: TurnWork, notice: NoticeInput) => void,
): { exportStream(): void; importStream(file: File): Promise<void>; reset(): void } {
  const exportStream = () =>
    browser.downloadText(
      `${turn.stream}.stream.json`,
      encodeStreamDocument({ provider: view.provider, base: turn.stream, stream: view.effectiveText }),
    );
  const importStream = async (file: File) => {
    const r = await browser.readStreamFile(file);
    if (!r.ok)
      return notify({
        kind: 'error',
        code: 'import-refused',
        params: { name: file.name, reason: r.error.code, detail: r.error.detail },
        detailIn: {
          en: r.error.detail,
          zh:
            r.error.document !== undefined
              ? streamDocumentDetailZh(r.error.document.fault, r.error.document)
              : streamDocumentDetailZh(
                  r.error.code === 'TOO_LARGE'
                    ? { kind: 'file_too_large', size: file.size, max: STRICT_JSON_LIMITS.maxBytes }
                    : { kind: 'not_utf8' },
                  null,
                ),
        },
      });
    // The codec has checked that a base names a fixture of that provider; a stream written from scratch opens on the provider's first.
    const id = r.value.base ?? defaultStream(r.value.provider);
    onReplaceTurn(
      withTurnDoc(withTurnStream(turn, id), { ...turnDocOf(turn, id), stream: r.value.stream, fault: null }),
      { kind: 'info', code: 'import-ok', params: { name: file.name, id } },
    );
  };
  const reset = () =>
    onReplaceTurn(withTurnDoc(turn, EMPTY_TURN_DOC), {
      kind: 'info',
      code: 'scenario-reset',
      params: { id: turn.stream },
    });

  return { exportStream, importStream, reset };
}
