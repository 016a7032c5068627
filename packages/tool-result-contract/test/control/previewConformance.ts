/**
 * The store contract's previews as tests (docs/control-stores.md), run by the
 * conformance suite (./storeConformance.ts) on every store: a preview is kept
 * by its digest with the reference of who asked, and found by its request
 * digest while it is unexpired.
 */
import { expect } from 'vitest';
import { PRINCIPAL_REF, REQUEST, T0, type testOnFreshStore } from './storeFixtures.ts';

export function previewConformance(withStore: ReturnType<typeof testOnFreshStore>): void {
  withStore('previews are stored by their digest, with who asked; a second save keeps the first', async (_h, store) => {
    const preview = {
      preview_sha256: 'c'.repeat(64),
      request_sha256: REQUEST,
      tool: 'get_order',
      expires_at: T0 + 1,
      requester_ref: PRINCIPAL_REF,
    };
    expect(await store.readPreview(preview.preview_sha256)).toBeNull();
    await store.savePreview(preview);
    await store.savePreview({ ...preview, expires_at: T0 + 99, requester_ref: 'pr_' + 'b'.repeat(64) });
    expect(await store.readPreview(preview.preview_sha256)).toEqual(preview);
  });

  withStore('pendingPreview: the unexpired preview of a request digest that lives longest', async (_h, store) => {
    const other = 'e'.repeat(64);
    const p = (c: string, request_sha256: string, expires_at: number) => ({
      preview_sha256: c.repeat(64),
      request_sha256,
      tool: 'issue_refund',
      expires_at,
      requester_ref: PRINCIPAL_REF,
    });
    expect(await store.pendingPreview(REQUEST, T0)).toBeNull();
    await store.savePreview(p('1', REQUEST, T0 + 10));
    await store.savePreview(p('3', REQUEST, T0 + 30));
    await store.savePreview(p('2', REQUEST, T0 + 20));
    await store.savePreview(p('9', other, T0 + 90));
    expect(await store.pendingPreview(REQUEST, T0)).toEqual(p('3', REQUEST, T0 + 30));
    expect(await store.pendingPreview(other, T0)).toEqual(p('9', other, T0 + 90));
    // Expired at `now` is expired: expires_at must be later than now.
    expect(await store.pendingPreview(REQUEST, T0 + 29)).toEqual(p('3', REQUEST, T0 + 30));
    expect(await store.pendingPreview(REQUEST, T0 + 30)).toBeNull();
    expect(await store.pendingPreview('f'.repeat(64), T0)).toBeNull();
    // Two that end together: the greater digest, byte by byte, in every store.
    await store.savePreview(p('a', other, T0 + 90));
    await store.savePreview(p('A', other, T0 + 90));
    expect((await store.pendingPreview(other, T0))?.preview_sha256).toBe('a'.repeat(64));
    // What comes out is a copy.
    const found = await store.pendingPreview(other, T0);
    found!.tool = 'changed';
    expect((await store.pendingPreview(other, T0))?.tool).toBe('issue_refund');
  });
}
