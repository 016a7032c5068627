// Stands in for zod/v4/core/to-json-schema.js in the page's build only (vite.config.ts): the page never
// converts a schema to JSON Schema (the editor's schemas are computed in Node, scripts/make-handler-schemas.ts).
// Every export of the original is here; each throws if it is ever called, so a use cannot go unnoticed.
const absent = () => {
  throw new Error('zod JSON Schema is not in the page build: compute it in Node (scripts/make-handler-schemas.ts)');
};
export const initializeContext = absent;
export const handleUnrepresentable = absent;
export const processSchema = absent;
export { processSchema as process };
export const extractDefs = absent;
export const finalize = absent;
export const createToJSONSchemaMethod = () => absent;
export const createStandardJSONSchemaMethod = () => absent;
