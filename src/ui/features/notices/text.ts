/** The notices' words, with `{name}` placeholders: loaded with the first notice, not with the page. */
import { defineTexts } from '../../../texts.ts';
import type { IoErrorCode } from '../../../playground/codecs/decoded.ts';

export const NOTICE_TEXT = defineTexts({
  en: {
    notice_unknown_scenario: 'There is no scenario “{value}”. Showing {fallback} instead.',
    notice_unknown_attack: 'There is no attack “{value}” (the attacks are A1–A15).',
    notice_unknown_mode: 'There is no mode “{value}”. Showing the playground.',
    notice_unknown_mistake: 'There is no mistake “{value}” (1–8). Every mistake is off.',
    notice_unknown_case: 'The recovery lab has no case “{value}”: it opens on the case that was open before.',
    notice_unknown_broken: 'The recovery lab has no broken plane “{value}”: the real plane runs alone.',
    notice_unknown_stream:
      'The turn mode has no provider or stream “{value}”: the stream shown is the one that was open before.',
    notice_unknown_step: 'There is no step “{value}” (a step is 1 or more): the stream opens where it always opens.',
    notice_corrupt_progress:
      'Your learning progress could not be read ({detail}). It was kept in localStorage under “{key}”; progress starts again from zero.',
    notice_share_opened: 'Opened the shared state.',
    notice_share_refused: 'This share link was refused ({reason}: {detail}). Your work is untouched.',
    notice_share_too_large: 'This state is too large for a link ({detail}). Export the scenario as a file instead.',
    notice_corrupt_saved:
      'Your saved state could not be read ({detail}). It was kept in localStorage under “{key}”; starting from the default scenario.',
    notice_save_failed: 'Could not save your work in this browser ({detail}). Export it to keep it.',
    notice_import_ok: 'Imported {name} as {id}.',
    notice_import_refused: '{name} was not imported ({reason}: {detail}). Your work is untouched.',
    notice_export_refused: 'Cannot export yet ({reason}: {detail}).',
    /** A parse refusal's detail; the English is the codec's own (playground/codecs/decoded.ts), kept for the shape. */
    parseDetail: (code: string, line: number, column: number, text: string) =>
      `${code} at line ${line}, column ${column}: ${text}`,
    /** A schema refusal's detail: each pointer and what is wrong there (the English is the codec's own, kept for the shape). */
    schemaDetail: (issues: readonly (readonly [string, string])[]) => issues.map(([p, t]) => `${p}: ${t}`).join('; '),
    /** A refusal said from its code alone (the English page shows the codec's own detail). */
    ioDetail: {
      TOO_LARGE: 'over the size limit',
      NOT_COMPRESSED: 'not lz-string URI-safe data',
      NOT_JSON: 'not strict JSON',
      WRONG_SCHEMA: 'not of the expected shape',
      NOT_UTF8: 'not UTF-8 text',
      STORAGE: 'the browser’s storage is unavailable or full',
      UNREADABLE: 'the file could not be read',
    } satisfies Record<IoErrorCode, string>,
    notice_scenario_reset: '{id} is back to its built-in version.',
    notice_exercise_reset:
      'The five exercise results are back to their empty scaffold, unsealed, and your exercise proofs start again at 0 / 5.',
    notice_worked_answer_loaded: 'Result {n} now holds the worked answer. Loading it shows no proof by itself.',
    notice_progress_recounted:
      'Your saved progress came from an older version that counted exercise proofs by opening the page and questions by typing anything. Those two counts start again at zero; your attacks, mistakes and written answers are kept.',
    notice_work_restored: 'Your previous work is back.',
    noticeStashed: 'Your previous work was set aside.',
    restore: 'Restore previous work',
  },
  zh: {
    notice_unknown_scenario: '没有名为“{value}”的场景，已改为显示 {fallback}。',
    notice_unknown_attack: '没有名为“{value}”的攻击（攻击编号为 A1–A15）。',
    notice_unknown_mode: '没有名为“{value}”的模式，已显示演练场。',
    notice_unknown_mistake: '没有编号为“{value}”的常见错误（1–8），所有错误开关均已关闭。',
    notice_unknown_case: '恢复实验室没有名为“{value}”的案例，打开的是之前的案例。',
    notice_unknown_broken: '恢复实验室没有名为“{value}”的错误控制面，只运行真实控制面。',
    notice_unknown_stream: '模型回合模式中没有名为“{value}”的 provider 或流，显示的是之前打开的流。',
    notice_unknown_step: '没有第“{value}”步（步数从 1 开始），流从它平常打开的位置打开。',
    notice_corrupt_progress: '无法读取学习进度（{detail}）。原文已保存在 localStorage 的“{key}”下；进度从零开始。',
    notice_share_opened: '已打开分享的状态。',
    notice_share_refused: '该分享链接被拒绝（{reason}：{detail}）。你的工作未受影响。',
    notice_share_too_large: '当前状态太大，无法放进链接（{detail}）。请改为导出场景文件。',
    notice_corrupt_saved: '无法读取已保存的状态（{detail}）。原文已保存在 localStorage 的“{key}”下；现从默认场景开始。',
    notice_save_failed: '无法在此浏览器中保存你的工作（{detail}）。请导出以免丢失。',
    notice_import_ok: '已导入 {name}，打开为 {id}。',
    notice_import_refused: '{name} 未被导入（{reason}：{detail}）。你的工作未受影响。',
    notice_export_refused: '暂时无法导出（{reason}：{detail}）。',
    parseDetail: (code: string, line: number, column: number, text: string) =>
      `${code}，第 ${line} 行第 ${column} 列：${text}`,
    schemaDetail: (issues: readonly (readonly [string, string])[]) => issues.map(([p, t]) => `${p}：${t}`).join('；'),
    ioDetail: {
      TOO_LARGE: '超过大小上限',
      NOT_COMPRESSED: '不是 lz-string 压缩的 URL 安全数据',
      NOT_JSON: '不是严格 JSON',
      WRONG_SCHEMA: '结构与约定的格式不符',
      NOT_UTF8: '不是 UTF-8 文本',
      STORAGE: '浏览器存储不可用或已满',
      UNREADABLE: '无法读取文件',
    } satisfies Record<IoErrorCode, string>,
    notice_scenario_reset: '{id} 已恢复为内置版本。',
    notice_exercise_reset: '五个练习结果已恢复为空白脚手架并解除封存，动手实践证明从 0 / 5 重新开始。',
    notice_worked_answer_loaded: '结果 {n} 已换成参考答案。仅载入参考答案本身不算任何证明。',
    notice_progress_recounted:
      '你保存的进度来自旧版本：它在打开页面时就计入动手实践证明，输入任意内容就算回答了问题。这两项从零重新计算；已尝试的攻击、已探索的错误与写下的答案都保留。',
    notice_work_restored: '之前的工作已恢复。',
    noticeStashed: '之前的工作已另行保存。',
    restore: '恢复之前的工作',
  },
});
