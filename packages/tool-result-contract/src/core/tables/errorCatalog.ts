/**
 * The fixed error catalog (docs/contract.md#the-error-catalog). An error is a code; the category, outcome,
 * recovery and safe message come from here, never from the handler, so the
 * recovery protocol is decided by the trusted control plane and not by text
 * the model (or an attacker) can rewrite.
 */
export type ErrorCategory =
  'input' | 'access' | 'approval' | 'transient' | 'execution' | 'conflict' | 'contract' | 'internal';
export type Outcome = 'not_started' | 'committed' | 'unknown';
export type Recovery = 'correct_input' | 'none' | 'request_approval' | 'retry_after' | 'query_status' | 'human_review';
export type Effect = 'read' | 'write';

export interface CatalogEntry {
  code: string;
  category: ErrorCategory;
  /** `effect_dependent`: read tools `not_started`, write tools `unknown` (a write may have happened). */
  outcome: Outcome | 'effect_dependent';
  recovery: Recovery;
  retryAfter: 'required' | 'forbidden';
  /** Whether a handler may name this code; the others only the dispatcher produces. */
  handlerMayRaise: boolean;
  /** The fixed English text the model reads in `error.message`; a page in another language shows its own words. */
  message: string;
}

/** Bounds of `retry_after_ms` where the catalog requires it (docs/contract.md#the-error-catalog). */
export const RETRY_AFTER_MS = { min: 100, max: 600_000 } as const;

const entries: CatalogEntry[] = [
  {
    code: 'UNKNOWN_TOOL',
    category: 'input',
    outcome: 'not_started',
    recovery: 'correct_input',
    retryAfter: 'forbidden',
    handlerMayRaise: false,
    message: 'The requested tool is not available.',
  },
  {
    code: 'INVALID_ARGUMENTS',
    category: 'input',
    outcome: 'not_started',
    recovery: 'correct_input',
    retryAfter: 'forbidden',
    handlerMayRaise: false,
    message: 'The tool arguments do not match the tool input schema.',
  },
  {
    code: 'NOT_FOUND',
    category: 'access',
    outcome: 'not_started',
    recovery: 'none',
    retryAfter: 'forbidden',
    handlerMayRaise: true,
    message: 'The resource was not found.',
  },
  {
    code: 'APPROVAL_REQUIRED',
    category: 'approval',
    outcome: 'not_started',
    recovery: 'request_approval',
    retryAfter: 'forbidden',
    handlerMayRaise: true,
    message: 'This action needs an approval before it can run.',
  },
  {
    code: 'APPROVAL_INVALID',
    category: 'approval',
    outcome: 'not_started',
    recovery: 'request_approval',
    retryAfter: 'forbidden',
    handlerMayRaise: true,
    message: 'The approval does not match this action.',
  },
  {
    code: 'TIMEOUT_BEFORE_EXECUTE',
    category: 'transient',
    outcome: 'not_started',
    recovery: 'retry_after',
    retryAfter: 'required',
    handlerMayRaise: true,
    message: 'The tool timed out before it started; it may be retried later.',
  },
  {
    code: 'RATE_LIMIT',
    category: 'transient',
    outcome: 'not_started',
    recovery: 'retry_after',
    retryAfter: 'required',
    handlerMayRaise: true,
    message: 'Too many requests; it may be retried later.',
  },
  {
    code: 'OUTCOME_UNKNOWN',
    category: 'execution',
    outcome: 'unknown',
    recovery: 'query_status',
    retryAfter: 'forbidden',
    handlerMayRaise: true,
    message: 'It is not known whether the action took effect; its status must be queried.',
  },
  {
    code: 'IDEMPOTENCY_CONFLICT',
    category: 'conflict',
    outcome: 'not_started',
    recovery: 'human_review',
    retryAfter: 'forbidden',
    handlerMayRaise: true,
    message: 'This request conflicts with an earlier one under the same idempotency key.',
  },
  {
    code: 'STATUS_CONFLICT',
    category: 'conflict',
    outcome: 'unknown',
    recovery: 'human_review',
    retryAfter: 'forbidden',
    handlerMayRaise: true,
    message: 'The recorded status and the downstream status disagree.',
  },
  {
    code: 'OUTPUT_CONTRACT_VIOLATION',
    category: 'contract',
    outcome: 'effect_dependent',
    recovery: 'human_review',
    retryAfter: 'forbidden',
    handlerMayRaise: false,
    message: 'The tool returned a result that breaks its output contract.',
  },
  {
    code: 'TOOL_ERROR',
    category: 'internal',
    outcome: 'effect_dependent',
    recovery: 'human_review',
    retryAfter: 'forbidden',
    handlerMayRaise: true,
    message: 'The tool failed.',
  },
];

export type ErrorCode =
  | 'UNKNOWN_TOOL'
  | 'INVALID_ARGUMENTS'
  | 'NOT_FOUND'
  | 'APPROVAL_REQUIRED'
  | 'APPROVAL_INVALID'
  | 'TIMEOUT_BEFORE_EXECUTE'
  | 'RATE_LIMIT'
  | 'OUTCOME_UNKNOWN'
  | 'IDEMPOTENCY_CONFLICT'
  | 'STATUS_CONFLICT'
  | 'OUTPUT_CONTRACT_VIOLATION'
  | 'TOOL_ERROR';

/**
 * The catalog, keyed by code and frozen: nothing at run time can edit a recovery protocol. Each entry fixes whether
 * the call may be retried and how (docs/contract.md#the-error-catalog).
 *
 * @example
 * ```ts
 * const entry = ERROR_CATALOG.OUTCOME_UNKNOWN;
 * console.log(entry.outcome, entry.recovery); // 'unknown' 'query_status': ask the downstream before any retry
 * ```
 */
export const ERROR_CATALOG: Readonly<Record<ErrorCode, Readonly<CatalogEntry>>> = Object.freeze(
  Object.fromEntries(entries.map((e) => [e.code, Object.freeze({ ...e })])) as Record<ErrorCode, CatalogEntry>,
);

export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && Object.prototype.hasOwnProperty.call(ERROR_CATALOG, code);
}

/** The outcome a catalog entry fixes for a tool of this effect (null effect: unknown tool, nothing ran). */
export function catalogOutcome(entry: CatalogEntry, effect: Effect | null): Outcome {
  if (entry.outcome !== 'effect_dependent') return entry.outcome;
  return effect === 'write' ? 'unknown' : 'not_started';
}

/**
 * The one `retry_after_ms` rule (docs/contract.md#the-error-catalog): an integer in {@link RETRY_AFTER_MS}
 * where the entry requires it, and otherwise the form's empty value (absent
 * in a handler's error, null in a model_result). Null when the value is right.
 */
export function retryAfterFault(
  entry: CatalogEntry,
  retry: unknown,
  empty: undefined | null,
): 'out_of_range' | 'not_empty' | null {
  if (entry.retryAfter === 'required') {
    return typeof retry === 'number' &&
      Number.isInteger(retry) &&
      retry >= RETRY_AFTER_MS.min &&
      retry <= RETRY_AFTER_MS.max
      ? null
      : 'out_of_range';
  }
  return retry === empty ? null : 'not_empty';
}
