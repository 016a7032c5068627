/**
 * What stands in for the verdict and the panels while an MCP document waits for its evaluator (docs/scenarios.md#mcp-scenarios):
 * as while any chunk loads, nothing of it is judged meanwhile; and if the chunk cannot be fetched, the page says the
 * document is not judged and offers a reload, instead of waiting for ever.
 */
import type { JSX } from 'react';
import type { Lang } from '../../lang.ts';
import { reloadPage } from '../../playground/browser.ts';
import { EDITOR_TEXT } from '../features/editor/text.ts';

export function AwaitingMcpSource({ lang, failed }: { lang: Lang; failed: boolean }): JSX.Element {
  if (!failed)
    return (
      <p className="muted" role="status" data-testid="mcp-source-loading">
        …
      </p>
    );
  const t = EDITOR_TEXT[lang];
  return (
    <p className="inline-alert" role="alert" data-testid="mcp-source-failed">
      {t.mcpSourceFailed}{' '}
      <button type="button" className="btn btn-quiet" onClick={reloadPage}>
        {t.reloadPage}
      </button>
    </p>
  );
}
