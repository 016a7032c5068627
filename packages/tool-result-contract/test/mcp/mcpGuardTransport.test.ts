/**
 * `mcp-guard`'s own stdio transport (src/cli/mcpGuardTransport.ts, docs/mcp-guard.md#the-child)
 * against a child that writes, for each request, the frame its case names: what reaches the SDK
 * (the `onmessage` the Client would get), what is held back for the request its top-level id
 * names, and what is dropped, with the frame's text never kept past 1 MiB and a byte.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { BrokenFrame, GuardTransport, HeldFrame } from '../../src/cli/mcpGuardTransport.ts';

/** The child: for each request, the frames of its case, then (for the cases that must be dropped) its proper answer. */
const CHILD = String.raw`
const pad = 'x'.repeat(1_100_000);
const out = (t) => process.stdout.write(t + '\n');
const proper = (id, c) => out(JSON.stringify({ jsonrpc: '2.0', id, result: { ok: c } }));
const CASES = {
  escaped_cut: (id) => out('{"result":{"text":"a\\"},\\"id\\":999,\\\\","pad":"' + pad + '"},"jsonrpc":"2.0","id":' + id + '}'),
  twice: (id) => { out('{"jsonrpc":"2.0","id":' + id + ',"id":' + id + ',"result":{"pad":"' + pad + '"}}'); proper(id, 'twice'); },
  nested_id: (id) => { out('{"result":{"id":' + id + ',"pad":"' + pad + '"},"jsonrpc":"2.0"}'); proper(id, 'nested_id'); },
  string_id: (id) => { out('{"jsonrpc":"2.0","id":"' + id + '","result":{"ok":"forged"}}'); proper(id, 'string_id'); },
  fraction_id: (id) => { out('{"result":{"pad":"' + pad + '"},"jsonrpc":"2.0","id":' + id + '.5}'); proper(id, 'fraction_id'); },
  deep: (id) => out('{"jsonrpc":"2.0","id":' + id + ',"result":' + '['.repeat(100) + ']'.repeat(100) + '}'),
  open: () => process.stdout.write('{"jsonrpc":"2.0","result":"' + pad + pad),
  garbage: () => out('<html>502</html>'),
  // Review finding 16: an id spelled 2.0 (read as 2 by a parse) and a frame that is not UTF-8.
  float_id: (id) => { out('{"jsonrpc":"2.0","id":' + id + '.0,"result":{"ok":"forged"}}'); proper(id, 'float_id'); },
  exp_id: (id) => { out('{"jsonrpc":"2.0","id":' + id + 'e0,"result":{"ok":"forged"}}'); proper(id, 'exp_id'); },
  not_utf8: (id) => process.stdout.write(Buffer.concat([Buffer.from('{"jsonrpc":"2.0","id":' + id + ',"result":{"text":"a'), Buffer.from([0xff, 0xc3]), Buffer.from('b"}}\n')])),
};
require('node:readline').createInterface({ input: process.stdin }).on('line', (line) => {
  const m = JSON.parse(line);
  CASES[m.params.case](m.id);
});`;

let transport: GuardTransport | null = null;
afterEach(async () => {
  await transport?.close();
  transport = null;
});

async function started() {
  const log: string[] = [];
  const messages: JSONRPCMessage[] = [];
  const errors: Error[] = [];
  const t = new GuardTransport({ command: process.execPath, args: ['-e', CHILD], log: (l) => log.push(l) });
  t.onmessage = (m) => messages.push(m);
  t.onerror = (e) => errors.push(e);
  await t.start();
  transport = t;
  let id = 0;
  const ask = async (c: string): Promise<number> => {
    await t.send({ jsonrpc: '2.0', id: ++id, method: 'tools/call', params: { case: c } });
    return id;
  };
  const first = async (n: number) => {
    await expect.poll(() => messages.some((m) => (m as { id?: unknown }).id === n), { timeout: 10_000 }).toBe(true);
    return messages.find((m) => (m as { id?: unknown }).id === n) as {
      result?: unknown;
      error?: { data?: unknown };
    };
  };
  return { t, log, messages, errors, ask, first };
}

describe('mcp-guard transport', () => {
  it('holds a frame past the limit for the request its top-level id names, read past escaped quotes', async () => {
    const { ask, first } = await started();
    const answer = await first(await ask('escaped_cut'));
    const held = answer.error?.data;
    expect(held).toBeInstanceOf(HeldFrame);
    expect(Buffer.byteLength((held as HeldFrame).text as string)).toBe(1_048_577);
    expect((held as HeldFrame).bytes).toBeGreaterThan(1_100_000);
  });

  it('drops a frame whose id is given twice, nested, or not an integer, and a response under the id as a string', async () => {
    const { ask, first, log } = await started();
    for (const c of ['twice', 'nested_id', 'fraction_id', 'string_id'])
      expect((await first(await ask(c))).result, c).toEqual({ ok: c });
    expect(log.filter((l) => l.includes('answering no request in flight: dropped'))).toHaveLength(3);
    expect(log).toContainEqual(expect.stringContaining('answered with id "4", which names no request in flight'));
  });

  it('holds a frame within the limit that is not strict JSON-RPC whole; breaks on one that names no request', async () => {
    const { ask, first, errors } = await started();
    const id = await ask('deep');
    const held = (await first(id)).error?.data as HeldFrame;
    expect(held.text).toBe(`{"jsonrpc":"2.0","id":${id},"result":${'['.repeat(100)}${']'.repeat(100)}}`);
    expect(held.bytes).toBe((held.text as string).length);
    await ask('garbage');
    await expect.poll(() => errors.length).toBe(1);
    expect(errors[0]).toBeInstanceOf(BrokenFrame);
  });

  it('takes an id as written, one rule on every path: 2.0 and 2e0 name no request, parsed or held', async () => {
    const { ask, first, log } = await started();
    for (const c of ['float_id', 'exp_id']) expect((await first(await ask(c))).result, c).toEqual({ ok: c });
    expect(log.filter((l) => l.includes('not written as a plain integer: dropped'))).toHaveLength(2);
  });

  it('refuses a frame that is not UTF-8, located, and holds its bytes for its request: never U+FFFD', async () => {
    const { ask, first, log } = await started();
    const id = await ask('not_utf8');
    const held = (await first(id)).error?.data as HeldFrame;
    expect(held).toBeInstanceOf(HeldFrame);
    expect(held.text).toBeInstanceOf(Uint8Array);
    const at = `{"jsonrpc":"2.0","id":${id},"result":{"text":"a`.length;
    expect(log).toContainEqual(expect.stringContaining(`Invalid UTF-8 at byte ${at}`));
    // What projectMcp makes of these bytes: src/core/mcp/messageLimits.test.ts.
    expect([...(held.text as Uint8Array).subarray(at, at + 2)]).toEqual([0xff, 0xc3]);
  });

  it('says a frame past the limit is open while its line has not ended', async () => {
    const { t, ask } = await started();
    expect(t.cutting).toBe(false);
    await ask('open');
    await expect.poll(() => t.cutting, { timeout: 10_000 }).toBe(true);
  });
});
