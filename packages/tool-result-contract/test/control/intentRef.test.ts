/**
 * A call without its own key gets the intent's (docs/control-plane.md#turns), and `intent_ref` names the business
 * intent: two refunds of one invoice under two tickets are two intents; the model asking again under one ticket,
 * its reason reworded, is the same one.
 */
import { describe, expect, it } from 'vitest';
import {
  PlaneCallError,
  createControlPlane,
  intentKey,
  memoryStore,
  virtualClock,
  type PlaneCall,
} from '../../src/control/index.ts';
import { alice, billingWorld, dispatcher, refundCall } from './billing.ts';

function setup() {
  const world = billingWorld();
  const plane = createControlPlane({
    dispatcher,
    store: memoryStore(),
    runtimes: world.runtimes,
    clock: virtualClock(),
    authorize: () => true,
  });
  return { world, plane };
}

/** A refund call that carries no key, under a ticket. */
function unkeyed(intent_ref: string | undefined, reason = 'damaged on arrival'): PlaneCall {
  const c = refundCall({ reason });
  const { idempotency_key: _, ...call } = c.call;
  return { ...c, call, ...(intent_ref === undefined ? {} : { intent_ref }) };
}

describe('intent_ref', () => {
  it('two tickets for one invoice are two refunds; one ticket asked again is a replay, and reworded a conflict', async () => {
    const { world, plane } = setup();
    const first = await plane.execute(unkeyed('TICKET-1'));
    expect(first.delivery).toBe('fresh');
    expect(first.trusted.call.idempotency_key).toBe(
      intentKey(
        { dispatcher, runtimes: world.runtimes },
        alice,
        'issue_refund',
        unkeyed(undefined).arguments,
        'TICKET-1',
      ),
    );
    expect((await plane.execute(unkeyed('TICKET-1'))).delivery).toBe('local_replay');
    const reworded = await plane.execute(unkeyed('TICKET-1', 'the parcel came broken'));
    expect(reworded.pkg.model_result.error?.code).toBe('IDEMPOTENCY_CONFLICT');
    const second = await plane.execute(unkeyed('TICKET-2'));
    expect(second.delivery).toBe('fresh');
    expect(world.sideEffects()).toBe(2);
  });

  it('a key derived without intent_ref is the key it always was; with one, another', () => {
    const { world } = setup();
    const o = { dispatcher, runtimes: world.runtimes };
    const args = unkeyed(undefined).arguments;
    const plain = intentKey(o, alice, 'issue_refund', args);
    expect(intentKey(o, alice, 'issue_refund', args, undefined)).toBe(plain);
    expect(intentKey(o, alice, 'issue_refund', args, 'TICKET-1')).not.toBe(plain);
    expect(intentKey(o, alice, 'issue_refund', args, 'TICKET-1')).not.toBe(
      intentKey(o, alice, 'issue_refund', args, 'TICKET-2'),
    );
  });

  it('an intent_ref that is not a short string is a located PlaneCallError, and nothing runs', async () => {
    const { world, plane } = setup();
    for (const bad of ['', 'x'.repeat(257), 42]) {
      const thrown = await plane.execute({ ...unkeyed(undefined), intent_ref: bad as string }).catch((e: unknown) => e);
      expect(thrown).toBeInstanceOf(PlaneCallError);
      expect((thrown as PlaneCallError).issues[0]?.path).toBe('/intent_ref');
    }
    expect(world.runs()).toBe(0);
  });

  it('arguments that are not JSON cannot name an intent: a PlaneCallError at their place', async () => {
    const { world, plane } = setup();
    const thrown = await plane
      .execute({ ...unkeyed('TICKET-1'), arguments: { invoice_ref: 'INV-42', amount_cents: Number.NaN, reason: 'x' } })
      .catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(PlaneCallError);
    expect((thrown as PlaneCallError).issues[0]?.path).toBe('/arguments/amount_cents');
    expect(world.runs()).toBe(0);
  });
});
