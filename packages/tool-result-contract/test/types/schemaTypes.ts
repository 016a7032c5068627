/**
 * The contract's types are written out beside their zod schemas, for their doc comments and readable declarations;
 * this file holds each pair equal, so a member added, dropped or retyped on one side fails the type check. Each
 * assertion is a `true` that only type-checks while each type is assignable to the other.
 *
 * Two differences are the design's. Where a member is any JSON, the schema says `unknown` (its refinement checks the
 * value as JSON, with a located reason) and the type says `JsonValue`: the comparison reads `JsonValue` as `unknown`.
 * A model_result's error is checked against the catalog, not by the schema (ERROR_CATALOG_MISMATCH, not
 * RESULT_SCHEMA): its schema has strings where `ModelError` has the catalog's unions, so every `ModelError` must fit
 * the schema's error and both must have the same members.
 */
import type { z } from 'zod/mini';
import type { JsonValue } from '../../src/core/json/index.ts';
import {
  ModelResultSchema,
  ProtectedAuditSchema,
  ScenarioSchema,
  TrustedContextSchema,
  type ModelError,
  type ModelResult,
  type ProtectedAudit,
  type Scenario,
  type TrustedContext,
} from '../../src/core/result/index.ts';
import { TurnContextSchema, type TurnContext } from '../../src/core/turn/index.ts';

/** Each assignable to the other: the same values. */
type Assignable<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** The same members, optional ones included, at every depth: the types compared written out the same way. */
type Identical<A, B> = (<X>() => X extends Flat<A> ? 1 : 2) extends <X>() => X extends Flat<B> ? 1 : 2 ? true : false;
type Flat<T> = T extends readonly (infer E)[] ? Flat<E>[] : T extends object ? { [K in keyof T]: Flat<T[K]> } : T;
type Same<A, B> = Assignable<A, B> extends true ? Identical<A, B> : false;

/** `T` with every `JsonValue` in it read as `unknown`, as the schemas write it. */
type AsSchema<T> =
  Same<T, JsonValue> extends true
    ? unknown
    : T extends readonly (infer E)[]
      ? AsSchema<E>[]
      : T extends object
        ? { [K in keyof T]: AsSchema<T[K]> }
        : T;

type Equal<S, T> = Same<S, AsSchema<T>>;

type SchemaModelResult = z.infer<typeof ModelResultSchema>;
type SchemaModelError = NonNullable<SchemaModelResult['error']>;

export const modelResult: Equal<Omit<SchemaModelResult, 'error'>, Omit<ModelResult, 'error'>> = true;
export const modelError: [ModelError] extends [SchemaModelError]
  ? Same<keyof ModelError, keyof SchemaModelError>
  : false = true;
export const protectedAudit: Equal<z.infer<typeof ProtectedAuditSchema>, ProtectedAudit> = true;
export const scenario: Equal<z.infer<typeof ScenarioSchema>, Scenario> = true;
export const trustedContext: Equal<z.infer<typeof TrustedContextSchema>, TrustedContext> = true;
export const turnContext: Equal<z.infer<typeof TurnContextSchema>, TurnContext> = true;
