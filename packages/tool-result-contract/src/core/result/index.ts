/**
 * The door of src/core/result: One call's result: the trusted context, the handler output, model_result and protected_audit, the digests, the projection (project) and the check (validateResult).
 * Code outside src/core imports this folder through this file only (eslint.config.js, no-restricted-imports).
 */
export {
  DELIVERIES,
  type Delivery,
  parseTrustedContext,
  type TrustedContext,
  TrustedContextError,
} from './trustedContext.ts';
export { handlerOutputSchema } from './handlerOutput.ts';
export { type ModelError, type ModelResult, type ResultStatus } from './modelResult.ts';
export {
  type Bindings,
  DIGEST_NAMES,
  type DigestName,
  type Package,
  type ProtectedAudit,
  type Redaction,
  REDACTION_REASONS,
  type RedactionReason,
  type ToolContractRef,
} from './protectedAudit.ts';
export { auditValuesOf } from './auditValues.ts';
export { callGate } from './contextFacts.ts';
export {
  callBindingFields,
  callBindingParts,
  computeBindings,
  digestPreimage,
  digestPreimages,
  type AuditKey,
  type DigestPreimages,
  H,
  principalRef,
  PURPOSES,
  requestFields,
  resultDigest,
} from './digest.ts';
export { project, projectDetailed } from './project.ts';
export {
  validateResult,
  validateResultDetailed,
  type ValidationDetails,
  type ValidationReport,
} from './validateResult.ts';
export { RESULT_SCHEMA_PARTS, resultJsonSchema, type ResultSchemaPart, resultZodSchema } from './resultSchema.ts';
export { parseScenario, type Scenario, SCENARIO_FORMAT } from './scenario.ts';
// The envelopes' schemas, which the type tests hold equal to the interfaces above (test/types/schemaTypes.ts).
export { ModelResultSchema } from './modelResult.ts';
export { ProtectedAuditSchema } from './protectedAudit.ts';
export { ScenarioSchema } from './scenario.ts';
export { TrustedContextSchema } from './trustedContext.ts';
