export declare const MAX_LINES: number;
export declare function badDisableDirectives(
  text: string,
): { line: number; text: string; missing: 'rule' | 'reason' }[];
export declare function lineCount(text: string): number;
export declare const README_MAX: number;
export declare function linksOutside(text: string, fromDir: string): string[];
export declare function namedFiles(text: string): string[];
