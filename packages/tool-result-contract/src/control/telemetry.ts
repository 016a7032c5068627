/**
 * Telemetry the ecosystem's way (docs/control-plane.md#telemetry): one
 * `execute_tool {tool}` span per execute with OpenTelemetry's GenAI
 * attributes and the catalog code as `error.type`. A span carries what an
 * operator needs to find a slow or failing tool, and nothing the audit
 * protects: no argument, result, principal, key or digest.
 * `@opentelemetry/api` is never imported: these are the few members of its
 * Tracer and Span that the plane calls.
 */
import type { TrustedContext } from '../core/index.ts';
import type { Execution } from './planeTypes.ts';

/** A span attribute's value: the scalars the plane sets on its spans, which any OpenTelemetry tracer takes. */
export type Attr = string | number | boolean;

export interface SpanLike {
  setAttribute(key: string, value: Attr): unknown;
  setStatus(status: { code: number; message?: string }): unknown;
  end(): void;
}

export interface TracerLike {
  startSpan(name: string, options?: { kind?: number; attributes?: Record<string, Attr> }): SpanLike;
}

/** @opentelemetry/api's SpanKind.INTERNAL and SpanStatusCode.ERROR. */
const SPAN_KIND_INTERNAL = 0;
const STATUS_ERROR = 2;

export async function traced(
  tracer: TracerLike | undefined,
  trusted: TrustedContext,
  run: () => Promise<Execution>,
): Promise<Execution> {
  if (tracer === undefined) return run();
  const span = tracer.startSpan(`execute_tool ${trusted.tool}`, {
    kind: SPAN_KIND_INTERNAL,
    attributes: {
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': trusted.tool,
      'gen_ai.tool.call.id': trusted.call.call_id,
      'gen_ai.tool.type': 'function',
    },
  });
  try {
    const ex = await run();
    span.setAttribute('tool_result.delivery', ex.delivery);
    span.setAttribute('tool_result.attempts', ex.attempts.length);
    const code = ex.pkg.model_result.error?.code;
    if (code !== undefined) {
      span.setAttribute('error.type', code);
      span.setStatus({ code: STATUS_ERROR, message: code });
    }
    return ex;
  } catch (error) {
    span.setAttribute('error.type', error instanceof Error ? error.name : 'Error');
    span.setStatus({ code: STATUS_ERROR });
    throw error;
  } finally {
    span.end();
  }
}
