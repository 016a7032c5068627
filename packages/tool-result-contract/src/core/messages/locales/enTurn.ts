/**
 * A turn problem, note or refusal in English, in segments: the `detail` of
 * each is their flat text (the locale's shape and rules: ../locale.ts).
 */
import {
  codeSegment as c,
  literalSegment as lit,
  type ArgumentsSource,
  type JsonDataFault,
  type PairingCode,
  type Segment,
  type TurnEnd,
  type TurnWordsParams,
  segmentsText,
} from '../turnParams.ts';

/** How an end reads: its event type, then its status and reason. */
function endSegments(end: TurnEnd): Segment[] {
  const out: Segment[] = [c(end.type)];
  if (end.status !== null) out.push(' (', c(end.status), ...(end.reason === null ? [] : [', ', c(end.reason)]), ')');
  return out;
}

const SOURCE_EN: Readonly<Record<ArgumentsSource, string>> = {
  arguments_done: 'the .done event',
  done_item: 'the done item',
  completed_response: "the completed response's item",
  opening_item: 'the opening item',
};

const FAULT_EN: Readonly<Record<JsonDataFault, string>> = {
  non_finite_number: 'a non-finite number',
  too_deep: 'nesting deeper than 64 (or a cycle)',
  not_plain_object: 'an object that is not a plain object',
  function: 'a function',
  bigint: 'a bigint',
  symbol: 'a symbol',
  undefined: 'undefined',
};

const PAIRING_EN: Readonly<Record<PairingCode, string>> = {
  MISSING_RESULT: 'a call without its result',
  DUPLICATE_CALL_ID: 'two calls share one id',
  DUPLICATE_RESULT: 'two results for one call',
  UNKNOWN_CALL_ID: 'a result for a call this turn did not make',
  PROVIDER_MISMATCH: 'a result bound to another provider',
  TOOL_MISMATCH: 'a result for another tool',
  MALFORMED_CALL: 'a call without a call id',
};

const list = (items: readonly string[]): Segment[] => items.flatMap((x, i) => (i === 0 ? [c(x)] : [', ', c(x)]));

/**
 * A turn problem, note or refusal in English, in segments.
 *
 * @example
 * ```ts
 * for (const p of assembled.problems) {
 *   const words = describeTurn(p.params).map((s) => (typeof s === 'string' ? s : `<code>${s.code}</code>`));
 *   console.log(words.join(''));
 * }
 * ```
 */
export function describeTurn(p: TurnWordsParams): Segment[] {
  switch (p.kind) {
    case 'not_an_event':
      return [
        `the event is ${p.found === 'other' ? 'not an object' : p.found === 'array' ? 'an array' : p.found === 'null' ? 'null' : `a ${p.found}`}, not an event object`,
      ];
    case 'not_json_data':
      return [`the event is not JSON data: ${FAULT_EN[p.fault]}`];
    case 'no_type':
      return ['the event has no string ', c(p.member), ' member'];
    case 'sse_name':
      return ['the SSE event name ', lit(p.sse_event), " differs from the event's own type ", lit(p.type)];
    case 'after_terminal':
      return [c(p.type), ` after the terminal event ${p.terminal_at}: nothing may follow it`];
    case 'first_event':
      return ['the first event is ', c(p.type), '; it must be ', c(p.expected)];
    case 'only_first':
      return [
        c(p.type),
        ' may only start the stream',
        ...(p.type === 'interaction.created' ? [' or follow a ', c('requires_continuation')] : []),
      ];
    case 'no_id':
      return [c(p.type), ' without its id'];
    case 'malformed':
      return [c(p.type), ' without ', ...list(p.members)];
    case 'opened_twice':
      return [c(p.type), ` opens index ${p.index} a second time`];
    case 'not_open':
      return [c(p.type), ' for index ', c(p.index), ', where nothing is open'];
    case 'item_mismatch':
      return [
        c(p.type),
        ' names item ',
        lit(p.item_id),
        `, but the item at output_index ${p.index} is `,
        lit(p.expected),
      ];
    case 'arguments_closed':
      return [c(p.type), ' for item ', lit(p.item_id), ', whose arguments are already done'];
    case 'call_without_id':
      return ['the ', c(p.item_type), ` at index ${p.index} has no string id and name`];
    case 'two_sources':
      return ['call ', lit(p.call_id), ' opened with arguments and also gets fragments'];
    case 'delta_kind':
      return ['a ', c(p.delta), ' into the ', c(p.block), ` at index ${p.index}`];
    case 'fragment_type':
      return [c(p.type), ' without a string fragment for call ', lit(p.call_id)];
    case 'done_not_added':
      return [c('response.output_item.done'), ` at output_index ${p.index} is not the item that was added there`];
    case 'after_message_delta':
      return [c('content_block_start'), ' after ', c('message_delta'), ': the message is already ending'];
    case 'open_at_end':
      return [lit(p.id), ' is still open when ', ...endSegments(p.end), ' asks for tools'];
    case 'block_open_at_end':
      return [
        'the ',
        c(p.block),
        ` block at index ${p.index} is still open when `,
        c('stop_reason'),
        ' ',
        c(p.stop_reason),
        ' arrives',
      ];
    case 'open_across_hop':
      return ['call ', lit(p.call_id), ' is open across a ', c('requires_continuation'), ' hop'];
    case 'other_interaction':
      return [c('interaction.completed'), ' for ', lit(p.id), ' inside interaction ', lit(p.response_id)];
    case 'after_continuation':
      return [
        c(p.type),
        ' after ',
        c('requires_continuation'),
        '; the next hop starts with ',
        c('interaction.created'),
      ];
    case 'below_message_start':
      return [
        c('content_block_start'),
        ` at index ${p.index}, which `,
        c('message_start'),
        ` already filled (its ${p.given} block(s) are indices 0 to ${p.given - 1})`,
      ];
    case 'sequence':
      return [
        c(p.type),
        ' has ',
        c('sequence_number'),
        ' ',
        lit(p.value),
        ...(p.previous === null ? [] : [`, after ${p.previous}`]),
        ': each must be the previous one plus one',
      ];
    case 'sequence_mixed':
      return [
        c(p.type),
        p.carried ? ' carries a ' : ' carries no ',
        c('sequence_number'),
        p.carried ? ', but earlier events carry none' : ', but earlier events carry one',
      ];
    case 'tools_without_call':
      return [...endSegments(p.end), ' asks for tools, but the turn has no call'];
    case 'unterminated':
      return [`the stream ended after ${p.events} event(s) without the provider's terminal event`];
    case 'failed':
      return [
        'the stream ended in failure: ',
        ...endSegments(p.end),
        ...(p.code === null ? [] : [', code ', c(p.code)]),
        ...(p.message === null ? [] : [', ', lit(p.message)]),
      ];
    case 'not_a_tool_turn':
      return [
        `${p.calls} call(s) present, but the turn ended with `,
        ...endSegments(p.end),
        ', which does not ask for tools',
      ];
    case 'arguments_disagree':
      return [
        'call ',
        lit(p.call_id),
        `: ${SOURCE_EN[p.source]} says `,
        lit(p.says),
        p.fragments ? ', the fragments say ' : ', the call so far says ',
        lit(p.text),
      ];
    case 'name_disagree':
      return ['call ', lit(p.call_id), ': the .done event names ', lit(p.done), ', the item ', lit(p.item)];
    case 'call_id_disagree':
      return [`the done item at output_index ${p.index} has call_id `, lit(p.found), ', not ', lit(p.expected)];
    case 'unopened_call':
      return ['the completed response has a call ', lit(p.call_id), ' the stream never opened'];
    case 'duplicate_call_id':
      return ['two calls of this turn share the id ', lit(p.call_id)];
    case 'unsupported_call':
      return [
        'the ',
        c(p.item_type),
        ` item at output_index ${p.index} asks the client to run something that is not a function call: the registry holds function tools only`,
      ];
    case 'unknown_event':
      return ['an event type this assembler does not read: ', c(p.type)];
    case 'unknown_member':
      return ['an undocumented member ', c(p.member), ' on ', c(p.type)];
    case 'tolerated_event':
      return ['a ', c(p.type), ' event, tolerated'];
    case 'unknown_delta':
      return ['a delta type this assembler does not read: ', c(p.delta)];
    case 'no_sequence_numbers':
      return [
        'no event carries a ',
        c('sequence_number'),
        ' (an older API revision or a compatible server): the order is the stream order',
      ];
    case 'handler_output_unused':
      return ['a handler output for ', lit(p.call_id), ', a call this stream does not make: ignored'];
    case 'other_provider':
      return ['the turn was assembled for ', c(p.assembled), ', not ', c(p.asked)];
    case 'turn_problems':
      return ['the turn has problems (', ...list(p.codes), '): no result may go back'];
    case 'ended_without_calls':
      return ['the turn ended with ', ...endSegments(p.end), ' and asks for no tool: there is nothing to continue'];
    case 'no_tool_request':
      return ['the turn did not end by asking for tools', ...(p.end === null ? [] : [': ', ...endSegments(p.end)])];
    case 'unknown_mode':
      return ['unknown mode ', lit(p.mode)];
    case 'history_not_list':
      return [c('history'), ' must be the list the first request sent'];
    case 'stateless_only':
      return [
        'the Anthropic Messages API keeps no state: every request carries the whole conversation (use ',
        c('stateless'),
        ')',
      ];
    case 'no_stored_interaction':
      return [
        'the interaction has the empty id (',
        c('store: false'),
        '): nothing is stored to continue from (use ',
        c('stateless'),
        ')',
      ];
    case 'other_response':
      return [
        'the result for ',
        lit(p.call_id),
        ' is bound to response ',
        lit(p.bound),
        ", not this turn's ",
        lit(p.expected),
      ];
    case 'pairing':
      return p.problems.flatMap((x, i): Segment[] => [
        ...(i === 0 ? [] : ['; ']),
        c(x.code),
        ' ',
        lit(x.call_id),
        `: ${PAIRING_EN[x.code]}`,
      ]);
    case 'text_before_result':
      return ['a text block before a ', c('tool_result'), ': the API rejects it'];
    case 'result_invalid':
      return ['the result for ', lit(p.call_id), ' failed validation before serialization: ', ...list(p.codes)];
    case 'internal':
      return ['the continuation could not be built: ', lit(p.message)];
    case 'no_context_entry':
      return ['call ', lit(p.call_id), ' reached the gate with no entry in the turn context'];
    case 'needs_response_ref':
      return [
        'call ',
        lit(p.call_id),
        ': the provider gave the empty response id, so the turn context needs a ',
        c('response_ref'),
      ];
    case 'context_invalid':
      return [
        'call ',
        lit(p.call_id),
        ': its trusted context is not valid: ',
        ...p.issues.flatMap((x, i): Segment[] => [...(i === 0 ? [] : ['; ']), c(x.path || '/'), ` ${x.message}`]),
      ];
    case 'problems_before_gate':
      return ['the turn has problems (', ...list(p.codes), '): no call reaches the gate'];
    case 'no_handler_output':
      return ['call ', lit(p.call_id), ' (', c(p.tool), ') needs a handler output and has none'];
    case 'stream_text':
      return [`the stream text cannot be read at line ${p.line}, column ${p.column}: `, c(p.code)];
  }
}

/**
 * The English sentence, flat: the `detail` every problem, note and refusal carries.
 *
 * @example
 * ```ts
 * for (const note of assembled.notes) console.log(describeTurnText(note.params));
 * ```
 */
export const describeTurnText = (p: TurnWordsParams): string => segmentsText(describeTurn(p));
