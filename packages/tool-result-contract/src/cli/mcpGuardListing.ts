/**
 * Which of the child's tools `mcp-guard` holds as pinned now (docs/mcp-guard.md#what-the-client-is-offered),
 * and the re-listings that keep it so. It fails closed: from the moment the child says its tools
 * changed (or a new child is started) until a listing asked for after that has come back and been
 * pinned, no tool is pinned, so tools/list offers nothing and a call is refused without the child
 * being called. A listing that errors or passes its deadline leaves it so; the next time the pinning
 * is needed, a listing is asked for again. Re-listings are coalesced: at most one in flight, and at
 * most one more owed, however many notifications arrive while it runs.
 */
import type { McpPinning } from '../core/mcp/index.ts';

/** What no listing has vouched for since the last notification: nothing pinned, so nothing offered or called. */
const NOTHING_VERIFIED: McpPinning = Object.freeze({
  pinned: Object.freeze([]),
  changed: Object.freeze([]),
  unregistered: Object.freeze([]),
});

export interface GuardListingOptions {
  /** The pinning of the first listing, checked at the start (a pin that does not hold there is bad input). */
  first: McpPinning;
  /** Lists the child's tools now and pins them; throws when the child errs, hangs past its deadline, or cannot start. */
  list: () => Promise<McpPinning>;
  log: (line: string) => void;
  /** What the client is offered changed (to nothing, or back): the proxy tells its client `list_changed`. */
  offerChanged: () => void;
}

export class GuardListing {
  private verified: McpPinning;
  /** No listing asked for after the last notification has been pinned yet: nothing is offered or called. */
  private stale = false;
  /** A listing is owed that no listing in flight can pay: one asked for after the current one was sent. */
  private owed = false;
  private running = false;
  /** The last listing failed (an error, or its deadline): the next need of the pinning asks again. */
  private failed = false;
  /** Who waits for the listing that starts next (a call to a child that is not running, say). */
  private waiting: (() => void)[] = [];

  constructor(private readonly options: GuardListingOptions) {
    this.verified = options.first;
  }

  /**
   * The pinning calls and tools/list are judged under: the last listing's while it holds, nothing
   * while a re-listing is pending or has failed. A failed one is asked for again here, once: the
   * proxy has no timer of its own, so a child that failed to list is tried again when a call or
   * the client's tools/list needs it, and each such need costs at most one listing in flight.
   */
  pinning(): McpPinning {
    if (!this.stale) return this.verified;
    if (this.failed && !this.running) this.request();
    return NOTHING_VERIFIED;
  }

  /** Whether a listing is pending or has failed since the last notification (for the log and the tests). */
  get closed(): boolean {
    return this.stale;
  }

  /** The child said its tools changed: a listing is owed; nothing is offered or called until it is pinned. */
  changed(): void {
    this.request();
  }

  /** A listing asked for now (a new child is pinned before it is called); settles when it has been pinned or has failed. */
  relist(): Promise<void> {
    const settled = new Promise<void>((resolve) => this.waiting.push(resolve));
    this.request();
    return settled;
  }

  private request(): void {
    if (!this.stale) {
      this.stale = true;
      // The offer goes from the last listing's tools to none: the client must not go on calling them from its cache.
      this.options.offerChanged();
    }
    this.owed = true;
    if (!this.running) void this.loop();
  }

  /** One listing at a time; each round pays every request made before it was sent. */
  private async loop(): Promise<void> {
    this.running = true;
    try {
      while (this.owed) {
        this.owed = false;
        const settled = this.waiting;
        this.waiting = [];
        try {
          const pinning = await this.options.list();
          this.failed = false;
          const before = JSON.stringify(this.verified);
          this.verified = pinning;
          if (JSON.stringify(pinning) !== before)
            this.options.log(
              `tools listed again: ${pinning.pinned.length} pinned, changed: ${pinning.changed.map((c) => c.tool).join(', ') || 'none'}`,
            );
          // Only a listing asked for after the last notification vouches for the tools; one owed comes next.
          if (!this.owed) {
            this.stale = false;
            this.options.offerChanged();
          }
        } catch (e) {
          this.failed = true;
          this.options.log(
            `listing the server's tools again failed (${e instanceof Error ? e.message : String(e)}); ` +
              'no tool is offered or called until a listing succeeds',
          );
        }
        for (const resolve of settled) resolve();
      }
    } finally {
      this.running = false;
    }
  }
}

/**
 * One tool's part of a pinning: all `mcpDefinitionState` reads for it. A runtime's output carries
 * it, and a write's output is stored with its record, so the rest of the registry is left out.
 */
export function pinningOf(pinning: McpPinning, tool: string): McpPinning {
  return {
    pinned: pinning.pinned.filter((p) => p.tool === tool),
    changed: pinning.changed.filter((c) => c.tool === tool),
    unregistered: [],
  };
}
