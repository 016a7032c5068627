/**
 * One script, three frameworks: the drivers of test/frameworks/conformance.test.ts. A script is the turns of a
 * conversation, each turn the model's steps (the calls it makes), closed by the model's text. Each driver runs it
 * through its framework's own loop and test model, reusing that framework's world helpers and the one billing plane
 * of aiSdkWorld.ts, and hands back what the framework sent the model on each request, in the framework's own form;
 * its `wire` runs the same loop over the framework's OpenAI provider package instead, answered by a fetch that keeps
 * every request body (the real Responses bodies) and answers with scripted Responses bodies.
 */
import { createOpenAI } from '@ai-sdk/openai';
import { AIMessage, HumanMessage, ToolMessage, type BaseMessage } from '@langchain/core/messages';
import { ChatOpenAI } from '@langchain/openai';
import type { AgentInputItem, Model, ModelRequest } from '@openai/agents-core';
import { OpenAIResponsesModel, type OpenAIClient } from '@openai/agents-openai';
import { generateText, stepCountIs, type LanguageModel, type ModelMessage } from 'ai';
import OpenAI from 'openai';
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
  /** The conversation every call belongs to, and what its user vouched for before the first turn (plane.noteTrusted). */
  conversation?: { ref: string; vouched: string[] };
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
   * The same turns with the provider's request bodies as `sent` (what reconcileTranscript reads): OpenAI Responses
   * bodies, built by the framework's OpenAI provider package with its fetch replaced (no network).
   */
  wire(turns: Turn[], options?: RunOptions): Promise<Run>;
}

const asked = (turn: number) => (turn === 0 ? 'Refund INV-42' : 'Again, please');
const tooling = (p: Plane, options: RunOptions, turn: number) => ({
  principal: alice,
  provider: 'openai' as const,
  onExecution: p.onExecution,
  ...(options.intent_ref === undefined ? {} : { intent_ref: options.intent_ref(turn) }),
  ...(options.conversation === undefined ? {} : { conversation_ref: options.conversation.ref }),
});

/** The billing plane of one run, the conversation's vouched-for values noted as its caller would before the model runs. */
async function planeOf(options: RunOptions): Promise<Plane> {
  const p = billingPlane(options.overrides);
  const c = options.conversation;
  if (c !== undefined) await p.plane.noteTrusted({ principal: alice, conversation_ref: c.ref, values: c.vouched });
  return p;
}
const asText = (x: unknown) => (typeof x === 'string' ? x : JSON.stringify(x));

/** The AI SDK's loop (`generateText`) over one language model per turn; `sent` is what the turns' models collect. */
async function aiSdkLoop(
  turns: Turn[],
  options: RunOptions,
  modelFor: (turn: Turn) => { model: LanguageModel; sent: () => unknown[] },
): Promise<Run> {
  const p = await planeOf(options);
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

let responseSeq = 0;

/** One scripted step as the Responses API answers it (aiSdkWorld.ts's responsesBody), each response its own id. */
const stepBody = (step: Step) =>
  responsesBody(
    step.map(([call_id, name, args]) => ({ call_id, name, arguments: JSON.stringify(args) })),
    ++responseSeq,
  );

/**
 * A fetch standing in for OpenAI's Responses API, for one turn: it keeps each request body and answers with the
 * turn's steps in order, then the closing message. No network.
 */
function responsesFetch(turn: Turn) {
  const bodies: unknown[] = [];
  const answers = [...turn.map(stepBody), stepBody([])];
  const fetch = async (_url: unknown, init?: RequestInit) => {
    bodies.push(JSON.parse(String(init?.body)));
    return new Response(JSON.stringify(answers.shift()), { headers: { 'content-type': 'application/json' } });
  };
  return { fetch, sent: () => bodies };
}

/** @ai-sdk/openai's Responses model over the turn's fetch. */
function responsesModel(turn: Turn) {
  const { fetch, sent } = responsesFetch(turn);
  return { model: createOpenAI({ apiKey: 'sk-local-stand-in', fetch }).responses('gpt-5'), sent };
}

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

/** One model step of a LangChain loop: the model's message for the messages so far; `sent` is what it was sent. */
type ChatFor = (
  turn: Turn,
  tools: ReturnType<typeof langchainTools>,
) => { step: (messages: BaseMessage[], index: number) => Promise<AIMessage>; sent: () => unknown[] };

/**
 * The agent loop of LangChain: the chat model bound to the tools, then the tool step as ToolNode runs it
 * (langchainWorld.ts), until the model answers with text.
 */
async function langchainLoop(turns: Turn[], options: RunOptions, chatFor: ChatFor): Promise<Run> {
  const p = await planeOf(options);
  const sent: unknown[] = [];
  let messages: BaseMessage[] = [];
  for (const [i, turn] of turns.entries()) {
    const tools = langchainTools(p.plane, tooling(p, options, i));
    const chat = chatFor(turn, tools);
    messages = [...messages, new HumanMessage(asked(i))];
    for (let n = 0; ; n++) {
      const ai = await chat.step(messages, n);
      messages = [...messages, ai];
      if ((ai.tool_calls ?? []).length === 0) break;
      messages = [...messages, ...(await toolStep(tools, ai))];
    }
    sent.push(...chat.sent());
  }
  return { ...p, sent };
}

/** LangChain's fake chat model: it answers the turn's steps by index, and receives LangChain's messages. */
const fakeChat: ChatFor = (turn, tools) => {
  const chat = scriptedChat(tools);
  const step = (messages: BaseMessage[], n: number) =>
    chat.step(
      messages,
      (turn[n] ?? []).map(([id, name, args]) => toolCall(id, name, args)),
    );
  return { step, sent: () => chat.prompts };
};

/** @langchain/openai's ChatOpenAI on the Responses API over the turn's fetch, bound to the tools as an agent binds them. */
const openaiChat: ChatFor = (turn, tools) => {
  const { fetch, sent } = responsesFetch(turn);
  const chat = new ChatOpenAI({
    model: 'gpt-5',
    apiKey: 'sk-local-stand-in',
    useResponsesApi: true,
    configuration: { fetch },
  }).bindTools(tools);
  return { step: (messages) => chat.invoke(messages), sent };
};

const langchain: Driver = {
  name: 'langchain',
  run: (turns, options = {}) => langchainLoop(turns, options, fakeChat),
  resultsIn(request) {
    const out = new Map<string, string>();
    for (const m of request as BaseMessage[]) if (ToolMessage.isInstance(m)) out.set(m.tool_call_id, asText(m.content));
    return out;
  },
  wire: (turns, options = {}) => langchainLoop(turns, options, openaiChat),
};

/** The Agents SDK's own Runner over one model per turn; a later turn runs on the history. */
async function agentsLoop(
  turns: Turn[],
  options: RunOptions,
  modelFor: (turn: Turn) => { model: Model; sent: () => unknown[] },
): Promise<Run> {
  const p = await planeOf(options);
  const sent: unknown[] = [];
  let history: AgentInputItem[] = [];
  for (const [i, turn] of turns.entries()) {
    const { model, sent: sentNow } = modelFor(turn);
    const run = agents.agentRun(model, agentsTools(p.plane, tooling(p, options, i)));
    const r = await run.run(i === 0 ? asked(i) : [...history, { role: 'user', content: asked(i) }]);
    history = r.history;
    sent.push(...sentNow());
  }
  return { ...p, sent };
}

/** The SDK's ScriptedModel (openaiAgentsWorld.ts): it receives the Runner's ModelRequest, not bodies. */
function agentsScripted(turn: Turn) {
  const { model, requests } = agents.scriptedModel(...turn.map((step) => agents.callsStep(...step)), agents.textStep());
  return { model, sent: requests };
}

/**
 * @openai/agents-openai's OpenAIResponsesModel, its OpenAI client's fetch the turn's. The client is the project's
 * `openai` (6.x); the package declares its own (7.x), a class TypeScript holds distinct. The model builds the body
 * itself and hands it to `client.responses.create`, which both send as JSON.stringify makes it.
 */
function agentsResponses(turn: Turn) {
  const { fetch, sent } = responsesFetch(turn);
  const client = new OpenAI({ apiKey: 'sk-local-stand-in', fetch }) as unknown as OpenAIClient;
  return { model: new OpenAIResponsesModel(client, 'gpt-5'), sent };
}

const openaiAgents: Driver = {
  name: 'openai-agents',
  run: (turns, options = {}) => agentsLoop(turns, options, agentsScripted),
  resultsIn(request) {
    const out = new Map<string, string>();
    for (const [id, o] of agents.outputsOf(request as ModelRequest)) {
      const part = o as { type?: string; text?: unknown };
      out.set(id, part.type === 'text' && typeof part.text === 'string' ? part.text : asText(o));
    }
    return out;
  },
  wire: (turns, options = {}) => agentsLoop(turns, options, agentsResponses),
};

export const drivers: Driver[] = [aiSdk, langchain, openaiAgents];
