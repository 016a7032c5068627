/**
 * The one base of every error the library throws. The library throws only for a caller's bug (a spec, a context or
 * a configuration that cannot be right) or for a refusal it must not let pass silently (a package an adapter will not
 * serialize); untrusted data — a handler's output, a model's stream — comes back as a value. One base lets a caller
 * tell the library's refusals from everything else with one `instanceof`, and `code` says which, without matching
 * message text.
 *
 * @example
 * ```ts
 * try {
 *   toProviderItem(pkg, trusted, tools);
 * } catch (e) {
 *   if (e instanceof ToolResultContractError) console.error(e.code); // 'ADAPTER_REFUSED'
 *   else throw e;
 * }
 * ```
 */
export abstract class ToolResultContractError extends Error {
  /**
   * A stable, machine-readable code: the class's own (`TOOL_SPEC_INVALID`), or, where a class reports several kinds,
   * the specific one (a `CanonicalizationError`'s `LONE_SURROGATE`).
   */
  abstract readonly code: string;
}
