/**
 * The stdio transport `mcp-guard` speaks to its child with (docs/mcp-guard.md#the-child), in
 * place of the SDK's `StdioClientTransport`, whose reader holds up to 10 MiB of a line and
 * parses it before anything can apply the contract's 1 MiB. Here the bound is the contract's
 * (docs/mcp.md#from-a-calltoolresult-to-a-package): at most 1 MiB and one byte of a line is ever
 * held; a frame past that is cut (the rest of its bytes are counted, never kept); a frame within
 * it is parsed strictly, 64 levels deep at most. A frame that is cut, or that is not strict
 * JSON-RPC, is handed to the request its top-level `id` names as its held text (`HeldFrame`), so
 * `projectMcp` answers that call SIZE_LIMIT, DEPTH_LIMIT or MCP_RESULT_SCHEMA and nothing else is
 * touched. A response reaches the SDK only when its id is exactly one the proxy sent and still
 * waits for (the SDK's own match is `Number(id)`, under which `"7"` answers request 7).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { getDefaultEnvironment } from '@modelcontextprotocol/sdk/client/stdio.js';
import { serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ErrorCode, JSONRPCMessageSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { decodeUtf8Strict, parseStrictJson } from '../core/json/index.ts';
import { MCP_MESSAGE_LIMITS } from '../core/mcp/index.ts';

/** A frame the proxy could not hand the SDK, as much of its text as was held: `projectMcp` reads it as the call's answer. */
export class HeldFrame {
  constructor(
    /** The frame's text; its bytes as they came when they are not UTF-8 (`projectMcp` refuses them, located). */
    readonly text: string | Uint8Array,
    /** Every byte of the frame, counted, the held ones and the cut ones. */
    readonly bytes: number,
  ) {}
}

/** A line that is neither strict JSON-RPC nor addressed to a request in flight: the child has broken the transport. */
export class BrokenFrame extends Error {
  override name = 'BrokenFrame';
}

const NL = 0x0a;
const isDigit = (b: number) => b >= 0x30 && b <= 0x39;
const isSpace = (b: number) => b === 0x20 || b === 0x09 || b === 0x0d || b === NL;

/**
 * The top-level `id` of a frame, read byte by byte in constant memory, so it is found even past
 * the cut (an SDK writes a response's `id` after its `result`). Only a non-negative integer
 * written plainly counts, given once, in an object without `method` (that would be a request to
 * the proxy). What it finds is the child's word, as every response id is: the worst a forged one
 * can do is cost the call it names an answer the child could have sent it anyway.
 */
class TopLevelId {
  private depth = 0;
  private inString = false;
  private escaped = false;
  private object = false;
  private expectKey = false;
  private key: number[] | null = null;
  private lastKey: string | null = null;
  private valueOf: string | null = null;
  private idDigits: number[] | null = null;
  private idToken: string | null = null;
  private ids = 0;
  private method = false;

  feed(chunk: Uint8Array, from: number, to: number): void {
    // Inside a string only a quote or a backslash matters: jump to the next one, each searched for once per
    // segment and never past its end, so a chunk of many short lines costs no more than one long one.
    const segment = chunk.subarray(0, to);
    let quote = -2;
    let backslash = -2;
    for (let i = from; i < to; i++) {
      if (this.inString && !this.escaped && this.key === null) {
        if (quote !== -1 && quote < i) quote = segment.indexOf(0x22, i);
        if (backslash !== -1 && backslash < i) backslash = segment.indexOf(0x5c, i);
        const next = Math.min(quote === -1 ? to : quote, backslash === -1 ? to : backslash);
        if (next >= to) return;
        i = next;
      }
      this.byte(chunk[i] as number);
    }
  }

  private byte(b: number): void {
    if (this.inString) {
      if (this.escaped) this.escaped = false;
      else if (b === 0x5c) this.escaped = true;
      else if (b === 0x22) {
        this.inString = false;
        if (this.key !== null) this.lastKey = String.fromCharCode(...this.key);
        this.key = null;
        return;
      }
      if (this.key === null) return;
      // A key longer than `method` is none of the two this reads: the rest of it is skipped like any string.
      if (this.key.length < 8) this.key.push(b);
      else {
        this.key = null;
        this.lastKey = '';
      }
      return;
    }
    if (this.idDigits !== null) {
      if (isDigit(b) && this.idDigits.length < 20) {
        this.idDigits.push(b);
        return;
      }
      // A sign, a fraction, an exponent or a 21st digit: not an id this proxy sends.
      this.idToken = isDigit(b) || b === 0x2e || b === 0x65 || b === 0x45 ? '' : String.fromCharCode(...this.idDigits);
      this.idDigits = null;
    }
    if (isSpace(b)) return;
    if (this.depth === 1 && this.valueOf !== null) {
      if (this.valueOf === 'id') {
        this.ids++;
        if (isDigit(b)) this.idDigits = [b];
      } else if (this.valueOf === 'method') this.method = true;
      this.valueOf = null;
      if (this.idDigits !== null) return;
    }
    if (b === 0x22) {
      this.inString = true;
      if (this.depth === 1 && this.expectKey) {
        this.key = [];
        this.expectKey = false;
      }
    } else if (b === 0x7b || b === 0x5b) {
      if (this.depth === 0 && b === 0x7b) this.object = this.expectKey = true;
      this.depth++;
    } else if (b === 0x7d || b === 0x5d) this.depth--;
    else if (this.depth === 1 && b === 0x2c) this.expectKey = true;
    else if (this.depth === 1 && b === 0x3a) this.valueOf = this.lastKey;
  }

  /** The id, once the frame has ended; null when there is none this proxy could have sent. */
  id(): number | null {
    if (this.idDigits !== null) this.idToken = String.fromCharCode(...this.idDigits);
    if (!this.object || this.method || this.ids !== 1 || this.idToken === null) return null;
    if (!/^(?:0|[1-9][0-9]*)$/.test(this.idToken)) return null;
    const n = Number(this.idToken);
    return Number.isSafeInteger(n) ? n : null;
  }
}

/** One line being read: its first bytes up to one past the limit, its length, and its top-level id. */
class Frame {
  readonly held: Uint8Array[] = [];
  heldBytes = 0;
  bytes = 0;
  readonly id = new TopLevelId();

  add(chunk: Uint8Array, from: number, to: number): void {
    this.id.feed(chunk, from, to);
    this.bytes += to - from;
    const room = MCP_MESSAGE_LIMITS.maxBytes + 1 - this.heldBytes;
    if (room <= 0) return;
    const part = chunk.subarray(from, Math.min(to, from + room));
    this.held.push(part);
    this.heldBytes += part.length;
  }

  get cut(): boolean {
    return this.bytes > MCP_MESSAGE_LIMITS.maxBytes;
  }

  /**
   * The frame's text, decoded by the file rule (docs/strict-json.md): invalid UTF-8 is refused, never
   * replaced by U+FFFD, so the text checked is the text the child sent. A cut frame is refused for its
   * size whatever its bytes, and its cut may fall inside a character: it is decoded leniently.
   */
  text(): { ok: true; text: string } | { ok: false; message: string; bytes: Uint8Array } {
    if (this.cut) return { ok: true, text: Buffer.concat(this.held).toString('utf8') };
    let bytes: Uint8Array = Buffer.concat(this.held);
    if (bytes[bytes.length - 1] === 0x0d) bytes = bytes.subarray(0, -1);
    const decoded = decodeUtf8Strict(bytes);
    return decoded.ok ? decoded : { ok: false, message: decoded.error.message, bytes };
  }
}

export class GuardTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T) => void;
  private process: ChildProcess | undefined;
  private frame = new Frame();
  /** The ids of the requests sent and not yet answered or cancelled. */
  private readonly waiting = new Set<number>();
  /** The id of the last request sent: the SDK's `request` sends synchronously, so its caller reads it next. */
  lastRequestId: number | null = null;
  /** Notifications dropped unread, by method: each method is logged once, at its first. */
  private readonly dropped = new Map<string, number>();

  constructor(
    private readonly options: {
      command: string;
      args: readonly string[];
      log: (line: string) => void;
      /**
       * The notifications the proxy reads (default: every one). Any other reaches neither the SDK's schemas nor
       * its handlers: a child may write a hundred thousand progress notifications nobody asked for, each of which
       * the SDK would validate and answer with an Error of its own, while the next call's answer waits behind them.
       */
      notifications?: readonly string[];
    },
  ) {}

  /** How many notifications of each method were dropped unread. */
  droppedNotifications(): ReadonlyMap<string, number> {
    return this.dropped;
  }

  /** Whether a frame past the limit is being read now: no answer can come before it ends. */
  get cutting(): boolean {
    return this.frame.cut;
  }

  start(): Promise<void> {
    return new Promise((resolve, reject) => {
      const child = spawn(this.options.command, [...this.options.args], {
        env: getDefaultEnvironment(),
        stdio: ['pipe', 'pipe', 'inherit'],
        shell: false,
      });
      this.process = child;
      child.on('error', (error) => {
        reject(error);
        this.onerror?.(error);
      });
      child.on('spawn', () => resolve());
      child.on('close', () => {
        this.process = undefined;
        this.onclose?.();
      });
      child.stdin?.on('error', (error) => this.onerror?.(error));
      child.stdout?.on('error', (error) => this.onerror?.(error));
      child.stdout?.on('data', (chunk: Buffer) => this.read(chunk));
    });
  }

  private read(chunk: Buffer): void {
    let from = 0;
    for (let nl = chunk.indexOf(NL, from); nl !== -1; nl = chunk.indexOf(NL, from)) {
      this.frame.add(chunk, from, nl);
      const frame = this.frame;
      this.frame = new Frame();
      from = nl + 1;
      this.deliver(frame);
    }
    if (from < chunk.length) this.frame.add(chunk, from, chunk.length);
  }

  private deliver(frame: Frame): void {
    if (frame.bytes === 0) return;
    const text = frame.text();
    const id = frame.id.id();
    if (!text.ok) this.options.log(`the server wrote a frame that is not UTF-8 (${text.message}): refused`);
    else if (!frame.cut) {
      const parsed = parseStrictJson(text.text, {
        maxBytes: MCP_MESSAGE_LIMITS.maxBytes,
        maxDepth: MCP_MESSAGE_LIMITS.maxDepth,
      });
      if (parsed.ok && this.unread(parsed.value)) return;
      const message = parsed.ok ? JSONRPCMessageSchema.safeParse(parsed.value) : null;
      if (message?.success === true) return this.pass(message.data, id);
    }
    if (id !== null && this.waiting.has(id)) {
      if (frame.cut)
        this.options.log(
          `the server's answer to its request ${id} is ${frame.bytes} bytes, past the ${MCP_MESSAGE_LIMITS.maxBytes}-byte limit: cut after ${frame.heldBytes}`,
        );
      this.waiting.delete(id);
      // The frame goes to its request as an error whose data is this object, which no JSON from the child can be.
      this.onmessage?.({
        jsonrpc: '2.0',
        id,
        error: {
          code: ErrorCode.InvalidRequest,
          message: `the answer (${frame.bytes} bytes) is past the limit or not strict JSON-RPC: held back`,
          data: new HeldFrame(text.ok ? text.text : text.bytes, frame.bytes),
        },
      });
      return;
    }
    if (frame.cut) {
      this.options.log(
        `the server wrote a frame of ${frame.bytes} bytes, past the ${MCP_MESSAGE_LIMITS.maxBytes}-byte limit, answering no request in flight: dropped`,
      );
      return;
    }
    this.onerror?.(
      new BrokenFrame(`a line of ${frame.bytes} bytes that is not a JSON-RPC message addressed to a request in flight`),
    );
  }

  /** Whether a parsed frame is a notification the proxy does not read: counted, and dropped before any schema. */
  private unread(value: unknown): boolean {
    const wanted = this.options.notifications;
    if (wanted === undefined || typeof value !== 'object' || value === null || Array.isArray(value)) return false;
    const { method } = value as { method?: unknown };
    if (typeof method !== 'string' || Object.hasOwn(value, 'id') || wanted.includes(method)) return false;
    const count = (this.dropped.get(method) ?? 0) + 1;
    this.dropped.set(method, count);
    if (count === 1)
      this.options.log(
        `the server sent a notification the proxy does not read (${JSON.stringify(method).slice(0, 80)}): dropped, as every later one of that method is`,
      );
    return true;
  }

  /**
   * `written`: the id as the frame's bytes spell it (TopLevelId). One rule on every path: an id names a
   * request only when written as the plain integer the proxy sent, so `2.0` or `2e0`, which the parse
   * reads as 2, names none here, as it names none when the frame is held.
   */
  private pass(message: JSONRPCMessage, written: number | null): void {
    if ('method' in message) return this.onmessage?.(message);
    const id = (message as { id: unknown }).id;
    if (typeof id === 'number' && id !== written) {
      this.options.log(`the server answered with an id read as ${id} but not written as a plain integer: dropped`);
      return;
    }
    if (typeof id !== 'number' || !this.waiting.has(id)) {
      this.options.log(`the server answered with id ${JSON.stringify(id)}, which names no request in flight: dropped`);
      return;
    }
    this.waiting.delete(id);
    this.onmessage?.(message);
  }

  send(message: JSONRPCMessage): Promise<void> {
    const stdin = this.process?.stdin;
    if (!stdin) return Promise.reject(new Error('Not connected'));
    if ('method' in message && 'id' in message && typeof message.id === 'number') {
      this.waiting.add(message.id);
      this.lastRequestId = message.id;
    }
    if ('method' in message && message.method === 'notifications/cancelled') {
      const requestId = (message.params as { requestId?: unknown } | undefined)?.requestId;
      if (typeof requestId === 'number') this.waiting.delete(requestId);
    }
    return new Promise((resolve) => {
      if (stdin.write(serializeMessage(message))) resolve();
      else stdin.once('drain', resolve);
    });
  }

  async close(): Promise<void> {
    const child = this.process;
    this.process = undefined;
    this.frame = new Frame();
    this.waiting.clear();
    if (child === undefined) return;
    const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
    const wait = () => Promise.race([closed, new Promise<void>((r) => setTimeout(r, 2_000).unref())]);
    // As the SDK's transport closes a child: stdin's end, then SIGTERM, then SIGKILL, two seconds apart.
    // Its output from now on is read by nobody: drained, so that a child still writing can end.
    child.stdout?.removeAllListeners('data');
    child.stdout?.resume();
    child.stdin?.end();
    await wait();
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await wait();
    }
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
}
