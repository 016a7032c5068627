/**
 * docs/examples/ai-sdk-tools.ts run as docs/frameworks.md shows it, with the SDK's own test model in place of a
 * provider: the tool runs through the plane, the model reads the result's canonical text, the log holds its entry.
 */
import { describe, expect, it } from 'vitest';
import { answer, plane } from '../../docs/examples/ai-sdk-tools.ts';
import { verifyAuditChain } from '../../src/control/index.ts';
import { canonicalize } from '../../src/core/index.ts';
import { callsStep, scriptedModel, textStep, toolResultsOf } from './aiSdkWorld.ts';

describe('the AI SDK example', () => {
  it('runs get_invoice through the plane and sends the model its model_result text', async () => {
    const { model, prompts } = scriptedModel(
      callsStep(['call_1', 'get_invoice', '{"invoice_ref":"INV-7"}']),
      textStep('7'),
    );
    const { text, executions } = await answer(model, 'What is the total of INV-7?');
    expect(text).toBe('7');
    const [e] = executions;
    expect(e?.pkg.model_result).toMatchObject({
      status: 'succeeded',
      data: { invoice_ref: 'INV-7', total_cents: 1299 },
    });
    expect(toolResultsOf(prompts()[1]).get('call_1')).toEqual({
      type: 'text',
      value: canonicalize(e?.pkg.model_result),
    });
    expect(verifyAuditChain(await plane.auditEntries()).ok).toBe(true);
  });
});
