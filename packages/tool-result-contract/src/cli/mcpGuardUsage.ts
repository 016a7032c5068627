/**
 * `mcp-guard`'s usage and defaults (docs/mcp-guard.md), apart from the command itself so that
 * the CLI's help lists it without loading the MCP SDK.
 */
export const MCP_GUARD_DEFAULTS = {
  audit: 'mcp-guard-audit',
  principal: 'mcp-guard:stdio-client',
  deadline: 30_000,
} as const;

export const MCP_GUARD_USAGE = `cli mcp-guard [pin] --tools T.mjs [--audit DIR] [--key K.json] [--principal TENANT:SUBJECT] [--deadline-ms N] -- COMMAND ARGS…
    A stdio MCP server in front of COMMAND, an MCP server run as its child: offers only T.mjs's tools (defineTool
    specs with their mcp pins) whose definitions COMMAND lists as pinned, answers each call through the contract
    (the mcp adapter's item) and appends its protected_audit to the control plane's audit log, a PGlite directory
    (DIR, default ./mcp-guard-audit; needs @electric-sql/pglite), keyed with K.json's audit key {id, secret} (as
    audit verify --key reads it) when given. Of COMMAND's output it holds at most 1 MiB of a line: a longer answer
    is that call's SIZE_LIMIT. A call COMMAND does not answer within N ms (default 30000), or answers by dying or
    with a line that is not JSON-RPC, is TOOL_ERROR (a write: OUTCOME_UNKNOWN); the next call starts COMMAND again.
    pin prints COMMAND's current definitions and their pins as JSON (with --tools, also which of T.mjs's pins
    hold). Exit 2 bad input, a pin that does not hold at the start included.`;
