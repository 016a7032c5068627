/**
 * The names of the providers (docs/contract.md#provider-adapters). A leaf, importing nothing, so that the
 * stream kit every assembler shares can name a provider without reaching the registry that imports the
 * assemblers (docs/decisions.md#one-provider-one-folder).
 */

/** The model providers: each has a turn the project reads (a stream, its assembler, a continuation). */
export type ProviderName = 'openai' | 'anthropic' | 'gemini';

/**
 * Every registered last hop: the model providers, and MCP, whose item is the
 * answer to an MCP client's `tools/call` (docs/mcp-server.md). MCP has no
 * model turn here, so the turn's functions keep {@link ProviderName}.
 */
export type LastHopName = ProviderName | 'mcp';
