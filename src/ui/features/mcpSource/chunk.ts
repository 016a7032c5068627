/**
 * The MCP source's chunk (evaluation/useMcpSource.ts): the evaluation, the built-in MCP scenarios, and what the
 * page says of them, so that the first load carries none of it.
 */
export { evaluateMcp, mcpScenarios } from '../../../playground/mcpSource.ts';
export { MCP_SOURCE_TEXT } from './text.ts';
export { mcpView } from './mcpView.tsx';
