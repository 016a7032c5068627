/** The editor panel's words. */
import { defineTexts } from '../../../texts.ts';

export const EDITOR_TEXT = defineTexts({
  en: {
    editorTitle: 'Handler output',
    editorSubtitle: 'Raw and untrusted. Every keystroke is parsed strictly, projected and validated.',
    editorAria: 'Handler output, JSON. Tab inserts a tab; press Control+M to make Tab move focus.',
    editorLoading: 'Loading the editor — read-only until it is ready.',
    cursor: (line: number, col: number) => `Ln ${line}, Col ${col}`,
    evaluatingOnPause: 'updates on pause…',
    evaluatingOnPauseWhy:
      'Past 32 Ki characters the panels are recomputed once you stop typing, so that typing stays smooth.',
    textTooLarge: 'Over 1 MiB: refused before parsing. Your text is kept.',
    editorMenusLanguage: 'The editor’s own menus and hovers keep the language the page had when it loaded.',
    reloadPage: 'Reload the page (your work is kept)',
    mcpSourceFailed:
      'The part of the page that reads an MCP server’s CallToolResult could not be loaded, so this document is not judged.',
  },
  zh: {
    editorTitle: 'Handler 输出',
    editorSubtitle: '原始且不可信。每次按键都会被严格解析、投影并校验。',
    editorAria: 'Handler 输出，JSON。Tab 键插入制表符；按 Control+M 让 Tab 键移动焦点。',
    editorLoading: '编辑器加载中——就绪前只读。',
    cursor: (line: number, col: number) => `第 ${line} 行，第 ${col} 列`,
    evaluatingOnPause: '停顿后更新…',
    evaluatingOnPauseWhy: '文本超过 32 Ki 个字符时，停止输入后才重新计算各面板，以保证输入流畅。',
    textTooLarge: '超过 1 MiB：在解析前即被拒绝。你的文本已保留。',
    editorMenusLanguage: '编辑器自身的菜单与悬停提示保持页面加载时的语言。',
    reloadPage: '重新加载页面（你的工作会保留）',
    mcpSourceFailed: '页面中读取 MCP 服务器 CallToolResult 的部分未能加载，因此这份文档没有被评判。',
  },
});
