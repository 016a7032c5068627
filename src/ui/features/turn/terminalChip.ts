/**
 * The chip colour of a turn's end: green only for the end that asks for tools,
 * neutral for the model's final answer and a paused turn (nothing is wrong,
 * there is just nothing to run), red for a stopped or failed turn.
 */
import type { TurnTerminal } from '#lib/core/turn/index.ts';

export function terminalChip(terminal: TurnTerminal): string {
  switch (terminal.kind) {
    case 'tools':
      return 'chip chip-succeeded';
    case 'final_answer':
    case 'pause_turn':
      return 'chip chip-quiet';
    case 'stopped':
    case 'failed':
      return 'chip chip-error';
  }
}
