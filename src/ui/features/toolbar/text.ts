/** The toolbar's words: the scenario, its reset, share, export and import, and the exercise being edited. */
import { defineTexts } from '../../../texts.ts';

export const TOOLBAR_TEXT = defineTexts({
  en: {
    nextTurn: 'Next turn: the model asks for send_email →',
    scenario: 'Scenario',
    scenarioGroupImported: 'Imported',
    about: 'About',
    edited: 'edited',
    resetScenario: 'Reset to built-in',
    share: 'Share link',
    exportScenario: 'Export scenario',
    importScenario: 'Import scenario…',
    exportShort: 'Export',
    importShort: 'Import…',
    exerciseEditing: (n: number) => `Exercise result ${n} of 5`,
    exerciseHint: 'Pick which of the five results to edit in the exercise panel.',
    /** The chapter's tools by name, in the page's language (the library's ToolSpec.title is one English string). */
    toolTitles: {
      get_order: 'Look up an order',
      create_refund_draft: 'Create a refund draft',
      search_kb: 'Search the knowledge base',
    } as Readonly<Record<string, string>>,
  },
  zh: {
    nextTurn: '下一个回合：模型请求 send_email →',
    scenario: '场景',
    scenarioGroupImported: '已导入',
    about: '说明',
    edited: '已修改',
    resetScenario: '恢复内置版本',
    share: '分享链接',
    exportScenario: '导出场景',
    importScenario: '导入场景…',
    exportShort: '导出',
    importShort: '导入…',
    exerciseEditing: (n: number) => `练习结果 ${n} / 5`,
    exerciseHint: '在练习面板中选择要编辑的结果。',
    toolTitles: {
      get_order: '查询订单',
      create_refund_draft: '创建退款草稿',
      search_kb: '搜索知识库',
    } as Readonly<Record<string, string>>,
  },
});
