export declare const MAX_LINES: number;
export declare function badDisableDirectives(text: string): { line: number; text: string; missing: 'rule' | 'reason' }[];
export declare function lineCount(text: string): number;
