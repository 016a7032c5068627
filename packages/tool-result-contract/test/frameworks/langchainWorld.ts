/**
 * What the LangChain adapter's tests share, beside the billing plane of aiSdkWorld.ts: LangChain's own fake chat
 * model (`FakeStreamingChatModel`, @langchain/core/utils/testing), which answers with the tool calls it is given
 * and is bound to the tools as a real chat model is (`bindTools`), keeping every prompt it was sent; and the agent
 * loop's tool step as LangGraph's and createAgent's ToolNode runs it: the tool found by the call's name, then
 * `tool.invoke({ ...call, type: 'tool_call' }, config)`, which answers a ToolMessage. LangGraph is not installed;
 * that one line is the whole of what ToolNode does with a tool that exists.
 */
import { AIMessage, AIMessageChunk, type BaseMessage, type ToolMessage } from '@langchain/core/messages';
import type { StructuredToolInterface } from '@langchain/core/tools';
import { FakeStreamingChatModel } from '@langchain/core/utils/testing';
import type { RunnableConfig } from '@langchain/core/runnables';

export interface ToolCall {
  id: string;
  name: string;
  args: Record<string, unknown>;
  type: 'tool_call';
}

export const toolCall = (id: string, name: string, args: Record<string, unknown>): ToolCall => ({
  id,
  name,
  args,
  type: 'tool_call',
});

export const refundArgs = (reason = 'damaged on arrival') => ({ invoice_ref: 'INV-42', amount_cents: 500, reason });

/** A chat model that has been asked, in order, with every prompt it received. */
export function scriptedChat(tools: StructuredToolInterface[]) {
  const prompts: BaseMessage[][] = [];
  const callbacks = [
    { handleChatModelStart: (_llm: unknown, messages: BaseMessage[][]) => void prompts.push(...messages) },
  ];
  /** One model step: the fake model answers these tool calls, or text when there are none. */
  async function step(messages: BaseMessage[], calls: ToolCall[] = []): Promise<AIMessage> {
    const chat = new FakeStreamingChatModel({
      chunks: calls.length > 0 ? [new AIMessageChunk({ content: '', tool_calls: calls })] : [],
      responses: [new AIMessage(calls.length > 0 ? '' : 'Done.')],
    });
    const answer = await chat.bindTools(tools).invoke(messages, { callbacks });
    return new AIMessage({ content: answer.content, tool_calls: answer.tool_calls ?? [] });
  }
  return { step, prompts };
}

/**
 * The tool step of an agent loop, as ToolNode runs it: each call of the model's message, concurrently, by name.
 * A name no tool has is left out here (ToolNode answers it with its own text; docs/frameworks.md#langchain).
 */
export async function toolStep(
  tools: StructuredToolInterface[],
  ai: AIMessage,
  config?: RunnableConfig,
): Promise<ToolMessage[]> {
  const calls = (ai.tool_calls ?? []).flatMap((c) => {
    const tool = tools.find((t) => t.name === c.name);
    return tool === undefined ? [] : [tool.invoke({ ...c, type: 'tool_call' }, config) as Promise<ToolMessage>];
  });
  return Promise.all(calls);
}
