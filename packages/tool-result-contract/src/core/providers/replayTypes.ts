/**
 * docs/turn.md#shapes: the type of a turn's replay items, read from the type
 * of the events the caller pushes (an assembler's `E`: an SDK's stream event
 * type). Types only, and each reads the members its assembler reads the
 * replay from; the core names no SDK type: whatever `E` says the provider
 * sent is what the replay's type says, less the dropped members
 * ({@link Replayed}). Nothing here is checked at run time.
 */
import type { Replayed } from './replayDrops.ts';

/**
 * Whether an event type tells the items apart: every member discriminated by
 * a literal `type` (OpenAI, Anthropic) or `event_type` (Gemini). Anything
 * looser (`unknown`, the JSON view, a `{ type: string }`) could carry items
 * the type does not name, so the replay's type is then not known.
 */
type Loose<E> = E extends { type: infer T extends string }
  ? string extends T
    ? true
    : never
  : E extends { event_type: infer T extends string }
    ? string extends T
      ? true
      : never
    : true;

/** The replay item type `Items` read from events of type `E`: `unknown` (the JSON view) where `E` does not tell, or names no item. */
export type ReplayTyped<E, Items> = 0 extends 1 & E
  ? unknown
  : [Loose<E>] extends [never]
    ? [Items] extends [never]
      ? unknown
      : Items
    : unknown;

/** The items an OpenAI event of type `E` carries to the replay: the added and done items, the completed response's output. */
type OpenAIItemsOf<E> = E extends { type: 'response.output_item.added' | 'response.output_item.done'; item: infer I }
  ? I
  : E extends { type: 'response.completed'; response: { output: readonly (infer O)[] } }
    ? O
    : never;

/** The items of OpenAI events of type `E` as replayed: less the dropped members. */
export type OpenAIReplayItems<E> = Replayed<'openai', OpenAIItemsOf<E>>;
/** The replay's item type for OpenAI events of type `E` (docs/turn.md#shapes); `unknown` where `E` does not tell. */
export type OpenAIReplayOf<E> = ReplayTyped<E, OpenAIReplayItems<E>>;

/** The blocks an Anthropic event of type `E` carries to the replay: message_start's content, each content_block_start's block. */
type AnthropicBlocksOf<E> = E extends { type: 'message_start'; message: { content: readonly (infer B)[] } }
  ? B
  : E extends { type: 'content_block_start'; content_block: infer B }
    ? B
    : never;

/**
 * The blocks of Anthropic events of type `E` as replayed (docs/turn.md#shapes): as they opened
 * (their deltas fill the members the block type names), less the dropped members.
 */
export type AnthropicReplayItems<E> = Replayed<'anthropic', AnthropicBlocksOf<E>>;
/** The replay's block type for Anthropic events of type `E`; `unknown` where `E` does not tell. */
export type AnthropicReplayOf<E> = ReplayTyped<E, AnthropicReplayItems<E>>;

/** The steps a Gemini event of type `E` carries to the replay: each step.start's step. */
export type GeminiReplayItems<E> = E extends { event_type: 'step.start'; step: infer S } ? S : never;

/**
 * The replay's step type for Gemini events of type `E` (docs/turn.md#shapes): the steps as they started
 * (their deltas fill the members the step type names); Gemini's replay drops nothing.
 */
export type GeminiReplayOf<E> = ReplayTyped<E, GeminiReplayItems<E>>;

/**
 * The replay's item type for events of type `E` of any provider: each
 * provider's reading keys on its own event types, so events of one SDK's type
 * type the replay as that provider's assembler does; `unknown` (the JSON
 * view) where `E` does not tell.
 */
export type TurnReplayOf<E> = ReplayTyped<E, OpenAIReplayItems<E> | AnthropicReplayItems<E> | GeminiReplayItems<E>>;
