/**
 * The served dispatcher as a real process: test/mcp/tools.ts's tools over
 * stdio, as an engineer would run them. Each call's package and trusted context go
 * to stderr, one JSON line each, where the audit log would take them; stdout
 * is the protocol's alone.
 */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { mcpServer } from '../../src/mcpServer/index.ts';
import { CLOCK, dispatcher, handlers, PRINCIPAL } from './tools.ts';

const server = mcpServer(dispatcher, {
  name: 'billing-served',
  version: '1.0.0',
  principal: PRINCIPAL,
  handlers,
  now: () => CLOCK,
  onPackage: (pkg, trusted) => {
    process.stderr.write(`${JSON.stringify({ type: 'package', pkg, trusted })}\n`);
  },
});
await server.connect(new StdioServerTransport());
