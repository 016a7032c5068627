/**
 * Telemetry (docs/control-plane.md#telemetry): one `execute_tool {tool}` span
 * per execute with the GenAI attributes and the catalog code as `error.type`,
 * and nothing the audit protects in any exported span.
 */
import { describe, expect, it } from 'vitest';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import type { Tracer } from '@opentelemetry/api';
import { auditValuesOf } from '../../src/core/result/index.ts';
import { createControlPlane, memoryStore, virtualClock, type Execution } from '../../src/control/index.ts';
import { billingWorld, dispatcher, refundCall } from './billing.ts';

describe('telemetry', () => {
  it('one span per execute with the GenAI attributes, and no argument, principal, key or digest in any span', async () => {
    const exporter = new InMemorySpanExporter();
    const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
    // The API's own Tracer type, so that a real tracer is what the plane's option accepts.
    const tracer: Tracer = provider.getTracer('test');
    const world = billingWorld();
    const plane = createControlPlane({
      dispatcher,
      store: memoryStore(),
      runtimes: world.runtimes,
      clock: virtualClock(),
      authorize: () => true,
      tracer,
    });
    world.next('commit_then_hang');
    world.status('unknown');
    const executions: Execution[] = [];
    executions.push(await plane.execute(refundCall({}, 'key-unknown-0001')));
    world.status(null);
    executions.push(await plane.execute(refundCall()));
    executions.push(await plane.execute(refundCall()));
    executions.push(await plane.execute(refundCall({ amount_cents: 7 })));
    const spans = exporter.getFinishedSpans();
    expect(spans.map((s) => s.name)).toEqual(Array(4).fill('execute_tool issue_refund'));
    expect(spans.map((s) => s.attributes['error.type'] ?? null)).toEqual([
      'OUTCOME_UNKNOWN',
      null,
      null,
      'IDEMPOTENCY_CONFLICT',
    ]);
    expect(spans.map((s) => s.attributes['tool_result.delivery'])).toEqual(['fresh', 'fresh', 'local_replay', 'fresh']);
    for (const [i, s] of spans.entries()) {
      const ex = executions[i]!;
      expect(s.attributes['gen_ai.operation.name']).toBe('execute_tool');
      expect(s.attributes['gen_ai.tool.name']).toBe('issue_refund');
      expect(s.attributes['gen_ai.tool.call.id']).toBe(ex.trusted.call.call_id);
      expect(s.attributes['tool_result.attempts']).toBe(ex.attempts.length);
      const b = ex.pkg.protected_audit.binding;
      const secrets = [
        ...auditValuesOf(ex.pkg, ex.trusted),
        ex.trusted.principal.tenant,
        ex.trusted.principal.subject,
        ex.trusted.call.idempotency_key,
        b.request_sha256,
        b.result_sha256,
        b.call_binding_sha256,
        'damaged on arrival',
        'INV-42',
      ].filter((v) => v !== ex.trusted.call.call_id);
      const text = JSON.stringify({
        name: s.name,
        attributes: s.attributes,
        events: s.events,
        status: s.status,
        links: s.links,
      });
      for (const secret of secrets) expect(text).not.toContain(secret);
    }
  });
});
