/**
 * A message that may be a JSON-RPC response around the CallToolResult (docs/mcp.md#from-a-calltoolresult-to-a-package): the
 * proxy reads whole messages off the wire, an SDK hands over the result alone. An object with a
 * `jsonrpc` member is a response; anything else is taken as the result itself.
 */
import { isObject, type JsonValue } from '../json/jsonValue.ts';

export type McpResponse =
  /** The CallToolResult, and the pointer it sits at in the message ('' or '/result'). */
  | { kind: 'result'; value: JsonValue; base: string }
  /** A JSON-RPC error response: the server's own words, at `/error`. */
  | { kind: 'error' }
  /** A `jsonrpc` member but not a JSON-RPC response. */
  | { kind: 'invalid' };

export function unwrapResponse(message: JsonValue): McpResponse {
  if (!isObject(message) || !Object.hasOwn(message, 'jsonrpc')) return { kind: 'result', value: message, base: '' };
  const id = message.id;
  const hasResult = Object.hasOwn(message, 'result');
  const hasError = Object.hasOwn(message, 'error');
  if (message.jsonrpc !== '2.0' || hasResult === hasError) return { kind: 'invalid' };
  // JSON-RPC 2.0: an error to a request whose id could not be read has the id null.
  const idOk = typeof id === 'string' || (typeof id === 'number' && Number.isInteger(id)) || (hasError && id === null);
  if (!idOk) return { kind: 'invalid' };
  return hasError ? { kind: 'error' } : { kind: 'result', value: message.result as JsonValue, base: '/result' };
}
