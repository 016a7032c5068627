/**
 * The registry of providers (docs/contract.md#one-folder-per-provider), its second list: each model provider's
 * turn (assembler, continuation), in the order of the turn's providers. Apart from the last hops (registry.ts)
 * because the first page's chunk takes in what its modules import, and it must not take an assembler.
 */
import { anthropicTurn } from './anthropic/index.ts';
import { geminiTurn } from './gemini/index.ts';
import { openaiTurn } from './openai/index.ts';
import type { ModelTurn } from './provider.ts';

export const MODEL_TURNS = /* @__PURE__ */ Object.freeze([openaiTurn, anthropicTurn, geminiTurn] as const);

/** A model provider's turn part, or undefined for a name that is not a model provider. */
export function findModelTurn(name: unknown): ModelTurn | undefined {
  return (MODEL_TURNS as readonly ModelTurn[]).find((t) => t.name === name);
}
