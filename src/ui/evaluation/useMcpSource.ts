/**
 * The MCP source (features/mcpSource/chunk.ts: `evaluateMcp`, the built-in MCP scenarios, their words), on demand:
 * at once when an MCP document is open, else after the first paint, so that the picker titles the MCP scenarios
 * by the time it is opened. Either way the MCP schemas stay out of the first load (scripts/bundle-budget.mjs).
 */
import { useEffect, useState } from 'react';
import { provideMcpScenarios } from '../../playground/work.ts';
import { afterNextPaint } from '../hooks/useAfterFirstPaint.ts';

type McpSource = Pick<typeof import('../features/mcpSource/chunk.ts'), 'evaluateMcp' | 'MCP_SOURCE_TEXT' | 'mcpView'>;

/**
 * The MCP source once loaded, else null; `needed`: an MCP document is open and waits for it. `failed`: the chunk
 * could not be fetched (offline after the first load, a deploy in between): the page says so instead of waiting.
 */
export function useMcpSource(needed: boolean): { source: McpSource | null; failed: boolean } {
  const [source, setSource] = useState<McpSource | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (source !== null || failed) return;
    // The browser fetches a module once: a second call (needed, after a prefetch began) waits for the same one.
    const load = () =>
      void import('../features/mcpSource/chunk.ts').then(
        ({ mcpScenarios, evaluateMcp, MCP_SOURCE_TEXT, mcpView }) => {
          provideMcpScenarios(mcpScenarios);
          setSource({ evaluateMcp, MCP_SOURCE_TEXT, mcpView });
        },
        () => setFailed(true),
      );
    if (!needed) return afterNextPaint(load);
    load();
  }, [needed, source, failed]);
  return { source, failed };
}
