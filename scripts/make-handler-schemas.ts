/**
 * Writes src/ui/features/editor/handlerSchemas.generated.json (see
 * ./handler-schemas/handlerSchemas.ts for why it is data):
 *
 *   npx tsx scripts/make-handler-schemas.ts
 */
import { writeFileSync } from 'node:fs';
import { HANDLER_SCHEMAS_FILE, handlerSchemasText } from './handler-schemas/handlerSchemas.ts';

writeFileSync(HANDLER_SCHEMAS_FILE, handlerSchemasText());
console.log(`wrote ${HANDLER_SCHEMAS_FILE}`);
