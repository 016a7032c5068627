/** A strict parser's refusal (docs/strict-json.md), located so the editor can point at it: the same shape for the parser and the UTF-8 decoder. */
export type JsonParseErrorCode =
  | 'TOO_LARGE'
  | 'TOO_DEEP'
  | 'SYNTAX'
  | 'DUPLICATE_KEY'
  | 'LONE_SURROGATE'
  | 'INTEGER_RANGE'
  | 'NUMBER_RANGE'
  | 'INVALID_ESCAPE'
  | 'CONTROL_CHARACTER';

export interface JsonParseError {
  code: JsonParseErrorCode;
  message: string;
  /** UTF-16 index into the text. */
  offset: number;
  /** 1-based. */
  line: number;
  /** 1-based, in UTF-16 code units (what Monaco counts). */
  column: number;
  /** RFC 6901 pointer of the container or member where it went wrong, when known. */
  pointer?: string;
}
