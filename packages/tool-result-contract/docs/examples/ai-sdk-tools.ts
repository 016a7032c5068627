/**
 * The control plane's tools handed to the Vercel AI SDK (docs/frameworks.md): `generateText` runs the loop, the
 * plane runs every call. The model is a parameter — `openai('gpt-5')` from `@ai-sdk/openai` in an application;
 * test/frameworks/aiSdkExample.test.ts passes the SDK's own test model, so nothing leaves the machine.
 */
import { generateText, stepCountIs, type LanguageModel } from 'ai';
import { z } from 'zod';
// In an application these are 'tool-result-contract', 'tool-result-contract/control' and 'tool-result-contract/ai-sdk'.
import { createDispatcher, defineTool } from '../../src/core/index.ts';
import { createControlPlane, memoryStore, type Execution } from '../../src/control/index.ts';
import { aiSdkTools } from '../../src/frameworks/aiSdk.ts';

const getInvoice = defineTool({
  name: 'get_invoice',
  effect: 'read',
  title: 'Look up an invoice',
  input: z.strictObject({ invoice_ref: z.string().regex(/^INV-[0-9]{1,9}$/) }),
  output: z.strictObject({ invoice_ref: z.string(), total_cents: z.number().int().min(0) }),
  echo: [{ output: 'invoice_ref', input: 'invoice_ref' }],
  revisions: {
    input_revision: 'get_invoice.input.v1',
    output_revision: 'get_invoice.output.v1',
    effect_revision: 'get_invoice.effect.read.v1',
    handler_revision: 'billing-handler-v1',
    producer_revision: 'billing-v1',
    policy_revision: 'billing-policy-v1',
  },
  source_label: 'billing',
});

export const plane = createControlPlane({
  dispatcher: createDispatcher({ tools: [getInvoice] }),
  store: memoryStore(),
  authorize: (principal) => principal.tenant === 'tenant-acme',
  runtimes: {
    get_invoice: {
      run: (args) => ({
        kind: 'success',
        data: { invoice_ref: (args as { invoice_ref: string }).invoice_ref, total_cents: 1299 },
        provenance: {
          source_label: 'billing',
          producer_revision: 'billing-v1',
          resource_revision: 'ledger-r1',
          observed_at: new Date().toISOString(),
        },
      }),
    },
  },
});

/** One request of the application: the principal is the server's, the intent its ticket. */
export async function answer(model: LanguageModel, question: string) {
  const executions: Execution[] = [];
  const result = await generateText({
    model,
    tools: aiSdkTools(plane, {
      principal: { tenant: 'tenant-acme', subject: 'user-alice' },
      provider: 'openai', // the provider the model speaks: every audit entry names it
      intent_ref: 'ticket-1042',
      onExecution: (e) => void executions.push(e), // protected_audit stays here, on the server
    }),
    prompt: question,
    stopWhen: stepCountIs(5),
  });
  return { text: result.text, executions };
}
