/**
 * One script, three frameworks: the drivers of test/frameworks/conformance.test.ts. A script is the turns of a
 * conversation, each turn the model's steps (the calls it makes), closed by the model's text. Each driver runs it
 * through its framework's own loop and test model, reusing that framework's world helpers and the one billing plane
 * of aiSdkWorld.ts, and hands back what the framework sent the model on each request, in the framework's own form.
 */
import { createOpenAI } from '@ai-sdk/openai';
import { HumanMessage, ToolMessage, type BaseMessage } from '@langchain/core/messages';
import type { AgentInputItem, ModelRequest } from '@openai/agents-core';
import { generateText, stepCountIs, type LanguageModel, type ModelMessage } from 'ai';
import { aiSdkTools } from '../../src/frameworks/aiSdk.ts';
import { langchainTools } from '../../src/frameworks/langchain.ts';
import { agentsTools } from '../../src/frameworks/openaiAgents.ts';
import { alice } from '../control/billing.ts';
import { billingPlane, callsStep, responsesBody, scriptedModel, textStep, toolResultsOf } from './aiSdkWorld.ts';
import { scriptedChat, toolCall, toolStep } from './langchainWorld.ts';
import * as agents from './openaiAgentsWorld.ts';

/** One call the model makes: its call id, the tool's name, its arguments. */
export type Call = [id: string, name: string, args: Record<string, unknown>];
/** One model step: the calls it makes at once. */
export type Step = Call[];
/** One turn (one run of the framework's loop): its steps in order; the driver closes it with the model's text. */
export type Turn = Step[];

export interface RunOptions {
  /** Handler overrides for the billing plane, as billingPlane takes them. */
  overrides?: Parameters<typeof billingPlane>[0];
  /** The business intent of each turn, by its index (the adapters mix it into each derived key); none when absent. */
  intent_ref?: (turn: number) => string;
}

export type Plane = ReturnType<typeof billingPlane>;

export interface Run extends Plane {
  /** What the framework sent the model, one per model request, every turn's, in the order sent. */
  sent: unknown[];
}

export interface Driver {
  name: string;
  /** Runs the turns through the framework's loop and test model, one plane for all, new tools for each turn. */
  run(turns: Turn[], options?: RunOptions): Promise<Run>;
  /**
   * The tool results in one request, by call id, as the text the model reads. A result that is not one text (a JSON
   * part, several parts) is its JSON instead, so that no comparison with a canonical text can pass by accident.
   */
  resultsIn(request: unknown): Map<string, string>;
  /**
   * The same turns with the provider's request bodies as `sent` (what reconcileTranscript reads), built by a provider
   * package of the framework with its fetch replaced (no network); null where no such package is installed.
   */
  wire: ((turns: Turn[], options?: RunOptions) => Promise<Run>) | null;
}

const asked = (turn: number) => (turn === 0 ? 'Refund INV-42' : 'Again, please');
const tooling = (p: Plane, options: RunOptions, turn: number) => ({
  principal: alice,
  provider: 'openai' as const,
  onExecution: p.onExecution,
  ...(options.intent_ref === undefined ? {} : { intent_ref: options.intent_ref(turn) }),
});
const asText = (x: unknown) => (typeof x === 'string' ? x : JSON.stringify(x));

/** The AI SDK's loop (`generateText`) over one language model per turn; `sent` is what the turns' models collect. */
async function aiSdkLoop(
  turns: Turn[],
  options: RunOptions,
  modelFor: (turn: Turn) => { model: LanguageModel; sent: () => unknown[] },
): Promise<Run> {
  const p = billingPlane(options.overrides);
  const sent: unknown[] = [];
  let messages: ModelMessage[] = [];
  for (const [i, turn] of turns.entries()) {
    const { model, sent: sentNow } = modelFor(turn);
    messages = [...messages, { role: 'user', content: asked(i) }];
    const tools = aiSdkTools(p.plane, tooling(p, options, i));
    const r = await generateText({ model, tools, messages, stopWhen: stepCountIs(turn.length + 1) });
    messages = [...messages, ...r.response.messages];
    sent.push(...sentNow());
  }
  return { ...p, sent };
}

/** The AI SDK's own test model, `MockLanguageModelV3` (ai/test): it receives the SDK's prompts, not bodies. */
function mockModel(turn: Turn) {
  const text = ([id, name, args]: Call): [string, string, string] => [id, name, JSON.stringify(args)];
  const { model, prompts } = scriptedModel(...turn.map((step) => callsStep(...step.map(text))), textStep());
  return { model, sent: prompts };
}

/** @ai-sdk/openai's Responses model, its fetch replaced: it keeps each body and answers with the scripted step. */
function responsesModel(turn: Turn) {
  const bodies: unknown[] = [];
  const answers = [...turn.map(stepBody), stepBody([])];
  const openai = createOpenAI({
    apiKey: 'sk-local-stand-in',
    fetch: async (_url, init) => {
      bodies.push(JSON.parse(String(init?.body)));
      return new Response(JSON.stringify(answers.shift()), { headers: { 'content-type': 'application/json' } });
    },
  });
  return { model: openai.responses('gpt-5'), sent: () => bodies };
}

let responseSeq = 0;

/** One scripted step as the Responses API answers it (aiSdkWorld.ts's responsesBody), each response its own id. */
const stepBody = (step: Step) =>
  responsesBody(
    step.map(([call_id, name, args]) => ({ call_id, name, arguments: JSON.stringify(args) })),
    ++responseSeq,
  );

const aiSdk: Driver = {
  name: 'ai-sdk',
  run: (turns, options = {}) => aiSdkLoop(turns, options, mockModel),
  resultsIn(request) {
    const out = new Map<string, string>();
    for (const [id, o] of toolResultsOf(request as Parameters<typeof toolResultsOf>[0])) {
      const part = o as { type?: string; value?: unknown };
      out.set(id, part.type === 'text' && typeof part.value === 'string' ? part.value : asText(o));
    }
    return out;
  },
  wire: (turns, options = {}) => aiSdkLoop(turns, options, responsesModel),
};

/**
 * LangChain's fake chat model bound to the tools, and the agent loop's tool step as ToolNode runs it
 * (langchainWorld.ts): model step, tool step, until the model answers with text.
 */
const langchain: Driver = {
  name: 'langchain',
  async run(turns, options = {}) {
    const p = billingPlane(options.overrides);
    const sent: unknown[] = [];
    let messages: BaseMessage[] = [];
    for (const [i, turn] of turns.entries()) {
      const tools = langchainTools(p.plane, tooling(p, options, i));
      const chat = scriptedChat(tools);
      messages = [...messages, new HumanMessage(asked(i))];
      for (const step of turn) {
        const ai = await chat.step(
          messages,
          step.map(([id, name, args]) => toolCall(id, name, args)),
        );
        messages = [...messages, ai, ...(await toolStep(tools, ai))];
      }
      messages = [...messages, await chat.step(messages)];
      sent.push(...chat.prompts);
    }
    return { ...p, sent };
  },
  resultsIn(request) {
    const out = new Map<string, string>();
    for (const m of request as BaseMessage[]) if (ToolMessage.isInstance(m)) out.set(m.tool_call_id, asText(m.content));
    return out;
  },
  // A body in a provider's format is built by a provider package (@langchain/openai and its kind): none is installed.
  wire: null,
};

/** The Agents SDK's own Runner over its ScriptedModel (openaiAgentsWorld.ts); a later turn runs on the history. */
const openaiAgents: Driver = {
  name: 'openai-agents',
  async run(turns, options = {}) {
    const p = billingPlane(options.overrides);
    const sent: unknown[] = [];
    let history: AgentInputItem[] = [];
    for (const [i, turn] of turns.entries()) {
      const { model, requests } = agents.scriptedModel(
        ...turn.map((step) => agents.callsStep(...step)),
        agents.textStep(),
      );
      const run = agents.agentRun(model, agentsTools(p.plane, tooling(p, options, i)));
      const r = await run.run(i === 0 ? asked(i) : [...history, { role: 'user', content: asked(i) }]);
      history = r.history;
      sent.push(...requests());
    }
    return { ...p, sent };
  },
  resultsIn(request) {
    const out = new Map<string, string>();
    for (const [id, o] of agents.outputsOf(request as ModelRequest)) {
      const part = o as { type?: string; text?: unknown };
      out.set(id, part.type === 'text' && typeof part.text === 'string' ? part.text : asText(o));
    }
    return out;
  },
  // The SDK's Responses model that builds provider bodies lives in @openai/agents-openai: not installed.
  wire: null,
};

export const drivers: Driver[] = [aiSdk, langchain, openaiAgents];
