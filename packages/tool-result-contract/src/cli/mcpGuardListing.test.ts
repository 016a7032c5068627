/**
 * The guard's listing state alone (mcpGuardListing.ts), with a `list` the test answers by hand,
 * so every interleaving is decided by the test and none by time: closed from a notification until
 * a listing asked for after it is pinned, closed again when it fails, and one listing in flight
 * with at most one owed, however many notifications arrive.
 */
import { describe, expect, it } from 'vitest';
import type { McpPinning } from '../core/mcp/index.ts';
import { GuardListing } from './mcpGuardListing.ts';

const pinned = (n: number): McpPinning => ({
  pinned: Array.from({ length: n }, (_, i) => ({
    tool: `t${i}`,
    server: 's',
    name: `t${i}`,
    definition_sha256: String(i).repeat(64).slice(0, 64),
  })),
  changed: [],
  unregistered: [],
});

/** A listing harness: each call to `list` waits until the test settles it. */
function harness(first = pinned(2)) {
  const asked: { resolve: (p: McpPinning) => void; reject: (e: Error) => void }[] = [];
  const log: string[] = [];
  let told = 0;
  const listing = new GuardListing({
    first,
    list: () => new Promise<McpPinning>((resolve, reject) => asked.push({ resolve, reject })),
    log: (line) => log.push(line),
    offerChanged: () => void told++,
  });
  const settle = async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };
  return { listing, asked, log, told: () => told, settle };
}

describe('GuardListing', () => {
  it('is open on the first listing; closed (nothing pinned) from a notification until the new listing is pinned', async () => {
    const h = harness();
    expect(h.listing.pinning().pinned).toHaveLength(2);
    h.listing.changed();
    expect(h.listing.pinning().pinned).toEqual([]);
    expect(h.asked).toHaveLength(1);
    h.asked[0]?.resolve(pinned(1));
    await h.settle();
    expect(h.listing.pinning().pinned).toHaveLength(1);
    expect(h.told()).toBe(2);
  });

  it('a listing that fails leaves it closed; the next need of the pinning asks once more, and its success opens it', async () => {
    const h = harness();
    h.listing.changed();
    h.asked[0]?.reject(new Error('Request timed out'));
    await h.settle();
    expect(h.log.join('\n')).toContain('Request timed out');
    expect(h.listing.closed).toBe(true);
    // Each need while the retry is in flight costs nothing more.
    for (let i = 0; i < 10; i++) expect(h.listing.pinning().pinned).toEqual([]);
    expect(h.asked).toHaveLength(2);
    h.asked[1]?.resolve(pinned(2));
    await h.settle();
    expect(h.listing.pinning().pinned).toHaveLength(2);
  });

  it('100 000 notifications while a listing is in flight: 2 listings in all, and only the second opens it', async () => {
    const h = harness();
    for (let i = 0; i < 100_000; i++) h.listing.changed();
    expect(h.asked).toHaveLength(1);
    // The first listing was sent before the later notifications: it cannot vouch for the tools they announced.
    h.asked[0]?.resolve(pinned(2));
    await h.settle();
    expect(h.listing.closed).toBe(true);
    expect(h.asked).toHaveLength(2);
    h.asked[1]?.resolve(pinned(2));
    await h.settle();
    expect([h.asked.length, h.listing.closed, h.told()]).toEqual([2, false, 2]);
  });

  it('relist() settles once the listing asked for after it has been pinned or has failed', async () => {
    const h = harness();
    h.listing.changed();
    let settled = false;
    const waiting = h.listing.relist().then(() => (settled = true));
    // The listing in flight was asked for before relist(): it does not settle it.
    h.asked[0]?.resolve(pinned(2));
    await h.settle();
    expect(settled).toBe(false);
    h.asked[1]?.reject(new Error('listing failed'));
    await waiting;
    expect([settled, h.listing.closed]).toEqual([true, true]);
  });
});
