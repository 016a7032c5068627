/**
 * What the model would have read without the adapter (docs/frameworks.md#what-the-model-reads-without-the-adapter),
 * measured framework by framework. Each hostile handler output (frameworkComparisonWorld.ts) is run twice in each
 * framework's own loop with its own test model, as the adapter's tests run it: once through the tool an engineer
 * writes without this library — the framework's own `tool()`, its `execute` returning the handler's answer as it
 * came, with the framework's own conversion to what the model reads — and once through the adapter over the control
 * plane. The test then searches the request the framework really sent the model next for the case's text. The table
 * is a pin of the three frameworks' behaviour, as test/mcp/mcpClientComparison.test.ts is of the MCP clients': it is
 * computed, then compared with the literal below, so a framework that starts (or stops) letting a case through fails
 * it; and docs/frameworks.md must quote the literal.
 */
import { readFileSync } from 'node:fs';
import { HumanMessage, ToolMessage } from '@langchain/core/messages';
import { tool as langchainTool } from '@langchain/core/tools';
import { tool as agentsTool } from '@openai/agents-core';
import { generateText, stepCountIs, tool as aiTool, type ToolSet } from 'ai';
import { describe, expect, it } from 'vitest';
import { aiSdkTools } from '../../src/frameworks/aiSdk.ts';
import { langchainTools } from '../../src/frameworks/langchain.ts';
import { agentsTools, type AgentsTool } from '../../src/frameworks/openaiAgents.ts';
import { auditValuesOf } from '../../src/core/result/index.ts';
import { alice } from '../control/billing.ts';
import { callsStep, scriptedModel, textStep, toolResultsOf } from './aiSdkWorld.ts';
import { scriptedChat, toolCall, toolStep } from './langchainWorld.ts';
import {
  agentRun,
  callsStep as agentsCallsStep,
  outputText,
  scriptedModel as agentsScriptedModel,
  textStep as agentsTextStep,
} from './openaiAgentsWorld.ts';
import {
  CASES,
  casePlane,
  cellOf,
  COLUMNS,
  FRAMEWORKS,
  markdownTable,
  plainRun,
  readable,
  specOf,
  type Case,
  type CaseName,
  type Column,
  type Framework,
} from './frameworkComparisonWorld.ts';

const ID = 'call_1';

/** What one run sent the model next (the whole request), and the text of the call's result in it, when text. */
interface Sent {
  next: unknown;
  resultText: string | null;
  thrown?: boolean;
}

/** The AI SDK's `generateText` with its test model: the tool's result as the SDK put it into the next prompt. */
async function aiSdk(tools: ToolSet, c: Case): Promise<Sent> {
  const { model, prompts } = scriptedModel(callsStep([ID, c.tool, JSON.stringify(c.args)]), textStep());
  await generateText({ model, tools, prompt: 'Help with INV-42', stopWhen: stepCountIs(3) });
  const out = toolResultsOf(prompts()[1]).get(ID) as { type: string; value: unknown } | undefined;
  const resultText = out?.type === 'text' ? String(out.value) : out?.type === 'json' ? JSON.stringify(out.value) : null;
  return { next: prompts()[1], resultText };
}

/** LangChain's fake chat model bound to the tools, the tool step as ToolNode runs it, and the model asked again. */
async function langchain(tools: Parameters<typeof toolStep>[0], c: Case): Promise<Sent> {
  const chat = scriptedChat(tools);
  const asked = [new HumanMessage('Help with INV-42')];
  const ai = await chat.step(asked, [toolCall(ID, c.tool, c.args)]);
  let results: ToolMessage[];
  try {
    results = await toolStep(tools, ai);
  } catch {
    // The tool's throw, handed to the agent loop: LangGraph's or createAgent's ToolNode decides what the model reads.
    return { next: undefined, resultText: null, thrown: true };
  }
  await chat.step([...asked, ai, ...results]);
  const m = chat.prompts[1]?.find((x): x is ToolMessage => ToolMessage.isInstance(x) && x.tool_call_id === ID);
  return { next: chat.prompts[1], resultText: typeof m?.content === 'string' ? m.content : null };
}

/** The Agents SDK's Runner with its ScriptedModel: the function call's output in the next request. */
async function agents(tools: AgentsTool[], c: Case): Promise<Sent> {
  const { model, requests } = agentsScriptedModel(agentsCallsStep([ID, c.tool, c.args]), agentsTextStep());
  await agentRun(model, tools).run('Help with INV-42');
  return { next: requests()[1], resultText: outputText(requests()[1], ID) };
}

/**
 * The tool an engineer writes without this library, for one case, in each framework: its own `tool()` with the
 * registry's Zod input schema, `execute` calling the handler and returning its answer as it came, and the
 * framework's defaults for the rest (the AI SDK's `toModelOutput`; LangChain's content format; the Agents SDK's
 * strict schema and output conversion).
 */
async function plain(framework: Framework, c: Case): Promise<Sent> {
  const spec = specOf(c.tool);
  const description = spec.title;
  if (framework === 'AI SDK') {
    const t = aiTool({
      description,
      inputSchema: spec.input as never,
      execute: (_args: unknown, o: { toolCallId: string; abortSignal?: AbortSignal }) =>
        plainRun(c, o.toolCallId, o.abortSignal),
    });
    return aiSdk({ [c.tool]: t } as ToolSet, c);
  }
  if (framework === 'LangChain') {
    const t = langchainTool(
      (_args: unknown, config) => plainRun(c, config.toolCall?.id ?? '', config.signal) as Promise<string>,
      { name: c.tool, description, schema: spec.input as never },
    );
    return langchain([t as never], c);
  }
  const t = agentsTool({
    name: c.tool,
    description,
    parameters: spec.input as never,
    execute: (_args: unknown, _ctx, details) => plainRun(c, details?.toolCall?.callId ?? '', details?.signal),
  });
  return agents([t as unknown as AgentsTool], c);
}

/** The adapter over the control plane, for one case; `leaks` is every audit value of the run found in the next request. */
async function adapter(framework: Framework, c: Case): Promise<Sent & { leaks: string[] }> {
  const { plane, executions, onExecution } = casePlane(c);
  const options = { principal: alice, provider: 'openai' as const, onExecution };
  const sent =
    framework === 'AI SDK'
      ? await aiSdk(aiSdkTools(plane, options), c)
      : framework === 'LangChain'
        ? await langchain(langchainTools(plane, options), c)
        : await agents(agentsTools(plane, options), c);
  const values = executions.flatMap((e) => auditValuesOf(e.pkg, e.trusted));
  if (values.length < 5) throw new Error(`${framework}: the plane recorded no execution`);
  const text = readable(sent.next);
  return { ...sent, leaks: values.filter((v) => text.includes(v)) };
}

/**
 * The pin: @langchain/core 1.4.0, @openai/agents-core 0.20.0 and ai 6.0.333 as installed, each through its own loop
 * and test model. What each cell means: docs/frameworks.md#what-the-model-reads-without-the-adapter.
 */
const EXPECTED: Record<CaseName, Record<Column, string>> = {
  'an honest invoice (the control: its total must reach)': {
    'AI SDK, plain': 'reaches the model',
    'AI SDK, adapter': 'reaches the model',
    'LangChain, plain': 'reaches the model',
    'LangChain, adapter': 'reaches the model',
    'Agents SDK, plain': 'reaches the model',
    'Agents SDK, adapter': 'reaches the model',
  },
  'a token nested in the data': {
    'AI SDK, plain': 'reaches the model',
    'AI SDK, adapter': 'refused: OUTPUT_CONTRACT_VIOLATION',
    'LangChain, plain': 'reaches the model',
    'LangChain, adapter': 'refused: OUTPUT_CONTRACT_VIOLATION',
    'Agents SDK, plain': 'reaches the model',
    'Agents SDK, adapter': 'refused: OUTPUT_CONTRACT_VIOLATION',
  },
  'an extra member (an internal margin)': {
    'AI SDK, plain': 'reaches the model',
    'AI SDK, adapter': 'refused: OUTPUT_CONTRACT_VIOLATION',
    'LangChain, plain': 'reaches the model',
    'LangChain, adapter': 'refused: OUTPUT_CONTRACT_VIOLATION',
    'Agents SDK, plain': 'reaches the model',
    'Agents SDK, adapter': 'refused: OUTPUT_CONTRACT_VIOLATION',
  },
  'a top-level "succeeded" on an error': {
    'AI SDK, plain': 'reaches the model',
    'AI SDK, adapter': 'refused: OUTPUT_CONTRACT_VIOLATION',
    'LangChain, plain': 'reaches the model',
    'LangChain, adapter': 'refused: OUTPUT_CONTRACT_VIOLATION',
    'Agents SDK, plain': 'reaches the model',
    'Agents SDK, adapter': 'refused: OUTPUT_CONTRACT_VIOLATION',
  },
  'an injection in the refund\u2019s reason': {
    'AI SDK, plain': 'reaches the model',
    'AI SDK, adapter': 'refused: OUTPUT_CONTRACT_VIOLATION, outcome unknown',
    'LangChain, plain': 'reaches the model',
    'LangChain, adapter': 'refused: OUTPUT_CONTRACT_VIOLATION, outcome unknown',
    'Agents SDK, plain': 'reaches the model',
    'Agents SDK, adapter': 'refused: OUTPUT_CONTRACT_VIOLATION, outcome unknown',
  },
  'an injection in a free-text field the contract allows': {
    'AI SDK, plain': 'reaches the model',
    'AI SDK, adapter': 'reaches the model',
    'LangChain, plain': 'reaches the model',
    'LangChain, adapter': 'reaches the model',
    'Agents SDK, plain': 'reaches the model',
    'Agents SDK, adapter': 'reaches the model',
  },
  'a stack trace in an exception': {
    'AI SDK, plain': 'reaches the model',
    'AI SDK, adapter': 'refused: TOOL_ERROR',
    'LangChain, plain': 'reaches the model',
    'LangChain, adapter': 'refused: TOOL_ERROR',
    'Agents SDK, plain': 'reaches the model',
    'Agents SDK, adapter': 'refused: TOOL_ERROR',
  },
  'a thrown error whose message holds a stack trace': {
    'AI SDK, plain': 'reaches the model',
    'AI SDK, adapter': 'refused: TOOL_ERROR',
    'LangChain, plain': 'thrown to the agent’s ToolNode',
    'LangChain, adapter': 'refused: TOOL_ERROR',
    'Agents SDK, plain': 'kept out: the SDK’s error text',
    'Agents SDK, adapter': 'refused: TOOL_ERROR',
  },
  'a receipt meant for the audit': {
    'AI SDK, plain': 'reaches the model',
    'AI SDK, adapter': 'kept out; the rest reaches',
    'LangChain, plain': 'reaches the model',
    'LangChain, adapter': 'kept out; the rest reaches',
    'Agents SDK, plain': 'reaches the model',
    'Agents SDK, adapter': 'kept out; the rest reaches',
  },
  'the idempotency key echoed': {
    'AI SDK, plain': 'reaches the model',
    'AI SDK, adapter': 'refused: OUTPUT_CONTRACT_VIOLATION',
    'LangChain, plain': 'reaches the model',
    'LangChain, adapter': 'refused: OUTPUT_CONTRACT_VIOLATION',
    'Agents SDK, plain': 'reaches the model',
    'Agents SDK, adapter': 'refused: OUTPUT_CONTRACT_VIOLATION',
  },
  'JSON text with a duplicate key': {
    'AI SDK, plain': 'reaches the model',
    'AI SDK, adapter': 'refused: OUTPUT_CONTRACT_VIOLATION',
    'LangChain, plain': 'reaches the model',
    'LangChain, adapter': 'refused: OUTPUT_CONTRACT_VIOLATION',
    'Agents SDK, plain': 'reaches the model',
    'Agents SDK, adapter': 'refused: OUTPUT_CONTRACT_VIOLATION',
  },
};

const doc = readFileSync(new URL('../../docs/frameworks.md', import.meta.url), 'utf8');

describe('what the model reads without the adapter, framework by framework', () => {
  it('runs every hostile handler output through each framework’s plain tool and its adapter, and pins the table', async () => {
    const table = {} as Record<CaseName, Record<Column, string>>;
    const leaks: string[] = [];
    for (const name of Object.keys(CASES) as CaseName[]) {
      const row = {} as Record<Column, string>;
      for (const framework of FRAMEWORKS) {
        const p = CASES[name]();
        const sentPlain = await plain(framework, p);
        row[`${framework}, plain`] = cellOf(sentPlain.next, sentPlain.resultText, p.marker(), sentPlain.thrown);
        const a = CASES[name]();
        const sentAdapter = await adapter(framework, a);
        row[`${framework}, adapter`] = cellOf(sentAdapter.next, sentAdapter.resultText, a.marker(), sentAdapter.thrown);
        leaks.push(...sentAdapter.leaks.map((v) => `${name} / ${framework}: ${v}`));
      }
      table[name] = row;
    }
    expect(table).toEqual(EXPECTED);
    // Nor does any adapter hand the model an audit value of the run: key, principal, operation id, digests.
    expect(leaks).toEqual([]);
  }, 60_000);

  it('is quoted, as pinned, by docs/frameworks.md', () => {
    expect(Object.keys(EXPECTED)).toEqual(Object.keys(CASES));
    for (const row of Object.values(EXPECTED)) expect(Object.keys(row)).toEqual(COLUMNS);
    const section = /\n## What the model reads without the adapter\n([\s\S]*?)\n## /.exec(doc)?.[1] ?? '';
    const quoted = section.split('\n').filter((line) => line.startsWith('|'));
    expect(quoted.join('\n')).toBe(markdownTable(EXPECTED));
  });
});
