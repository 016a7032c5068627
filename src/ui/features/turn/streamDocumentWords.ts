/**
 * A refused stream file in Chinese, said from its fault (playground/turn/streamDocument.ts `StreamDocumentFault`),
 * never from the codec's English sentence. Loaded with the turn mode, which is the only place a stream file is read.
 */
import type { StreamDocumentFault } from '../../../playground/turn/streamDocument.ts';
import { parseErrorText } from '../../i18n/parseErrors.ts';

const q = (s: string): string => `“${s}”`;

/** A fault's words in Chinese. */
export function streamDocumentFaultZh(f: StreamDocumentFault): string {
  switch (f.kind) {
    case 'not_text':
      return '文档不是文本';
    case 'too_large':
      return `文档超过 ${f.max} 字节 UTF-8：一个字都没有读取`;
    case 'file_too_large':
      return `文件有 ${f.size} 字节，超过 ${f.max}`;
    case 'not_utf8':
      return '文件不是 UTF-8 文本';
    case 'not_json':
      return parseErrorText(f.error, 'zh');
    case 'not_object':
      return '流文档必须是 JSON 对象';
    case 'unknown_member':
      return `未知成员 ${q(f.member)}：流文档只有 ${f.members.join('、')}`;
    case 'no_format':
      return `缺少 "format"：流文档应写明 ${q(f.format)}`;
    case 'other_version':
      return `${q(f.found)} 是本演练场不读取的版本（它读取 ${f.reads}）`;
    case 'wrong_format':
      return `format 必须是 ${q(f.format)}`;
    case 'bad_provider':
      return `provider 必须是 ${f.providers.join('、')} 之一`;
    case 'bad_base':
      return `base 必须是 null，或是 ${f.provider} 的某个流样例或录制的 id`;
    case 'stream_not_text':
      return 'stream 必须是流文件的文本，即一个字符串';
  }
}

/** A refused stream file's detail in Chinese: where the fault is in the document (when it is one), and the fault. */
export function streamDocumentDetailZh(
  fault: StreamDocumentFault,
  at: { line: number; column: number; pointer: string } | null,
): string {
  const words = streamDocumentFaultZh(fault);
  if (at === null) return words;
  return `第 ${at.line} 行第 ${at.column} 列${at.pointer === '' ? '' : `（${at.pointer}）`}：${words}`;
}
