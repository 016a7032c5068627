/** The fault switches' words (./faults.ts), both languages side by side: each switch's label and what it changes, and why a switch could not apply. */
import { defineTexts } from '../../texts.ts';
import type { FaultId, FaultRefusal } from './faults.ts';

export const FAULT_TEXT = defineTexts({
  en: {
    label: {
      cut_before_terminal: 'Cut before the end',
      budget_runs_out: 'Budget runs out in the arguments',
      unknown_index: 'Fragment for an unknown item',
      duplicate_call_id: 'Duplicate call id',
      done_disagrees: '.done disagrees with the fragments',
      error_mid_stream: 'Error event mid-stream',
      event_after_terminal: 'Event after the end',
    } satisfies Record<FaultId, string>,
    /** What each switch changes in the stream. */
    change: {
      cut_before_terminal: 'The stream stops just before its terminal event.',
      budget_runs_out:
        "A call's arguments stop after their first fragment, and the turn ends on the output budget, not by asking for tools.",
      unknown_index: 'A copy of the first fragment arrives for an item or index that was never opened.',
      duplicate_call_id: 'The second call takes the first call’s id.',
      done_disagrees: 'The `…arguments.done` event says other arguments than the fragments did.',
      error_mid_stream: 'The provider sends an error event in the middle of the arguments; the stream ends there.',
      event_after_terminal:
        'A harmless-looking event (keepalive, ping, status update) arrives after the terminal event.',
    } satisfies Record<FaultId, string>,
    refused: (r: FaultRefusal): string => {
      switch (r.why) {
        case 'unknown_switch':
          return `unknown fault switch ${JSON.stringify(r.id)}`;
        case 'provider':
          return `${r.provider}'s stream cannot show ${r.code}`;
        case 'not_healthy':
          return 'a fault switch starts from a healthy stream that asks for tools';
        case 'no_fragments':
          return 'this stream has no call whose arguments arrive in fragments';
        case 'one_call':
          return 'a duplicate id needs a stream with two calls';
        case 'no_done':
          return 'this stream has no `…arguments.done` event';
      }
    },
  },
  zh: {
    label: {
      cut_before_terminal: '在结束事件前截断',
      budget_runs_out: '输出预算在参数中途耗尽',
      unknown_index: '未知条目的片段',
      duplicate_call_id: '重复的调用 id',
      done_disagrees: '.done 与片段不一致',
      error_mid_stream: '流中途出现 error 事件',
      event_after_terminal: '结束后还有事件',
    },
    change: {
      cut_before_terminal: '流在终止事件之前中断。',
      budget_runs_out: '某个调用的参数在第一个片段后中断，回合因输出预算耗尽而结束，而不是请求工具。',
      unknown_index: '第一个片段的副本指向一个从未打开的条目或索引。',
      duplicate_call_id: '第二个调用使用了第一个调用的 id。',
      done_disagrees: '`…arguments.done` 事件给出的参数与片段拼接的不同。',
      error_mid_stream: 'provider 在参数中途发送 error 事件，流在此结束。',
      event_after_terminal: '终止事件之后又来了一个看似无害的事件（keepalive、ping、状态更新）。',
    },
    refused: (r: FaultRefusal): string => {
      switch (r.why) {
        case 'unknown_switch':
          return `未知的故障开关 ${JSON.stringify(r.id)}`;
        case 'provider':
          return `${r.provider} 的流不会出现 ${r.code}`;
        case 'not_healthy':
          return '故障开关需要从一个请求工具的健康流开始';
        case 'no_fragments':
          return '这个流中没有参数分片到达的调用';
        case 'one_call':
          return '重复 id 需要一个包含两个调用的流';
        case 'no_done':
          return '这个流中没有 `…arguments.done` 事件';
      }
    },
  },
});
