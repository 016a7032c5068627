/**
 * Writes the turn fixtures (docs/turn-contract.md#fixtures-and-the-sdk-cross-check; src/chapter/turns/*.json). The fixtures
 * are data; this script is how they were first written, kept so a reader can
 * see every event's origin in one place. Ids, texts and token counts are
 * invented (FIXTURE); field names and shapes follow the SDK types (openai resources/responses/responses.d.ts:5611,
 * @anthropic-ai/sdk resources/messages/messages.d.ts:4040, @google/genai dist/genai.d.ts:9959),
 * which test/types/turnFixtures.generated.ts checks.
 *
 *   npx tsx scripts/make-turn-fixtures.ts
 */
import { anthropic } from './turn-fixtures/anthropic.ts';
import { gemini } from './turn-fixtures/gemini.ts';
import { openai } from './turn-fixtures/openai.ts';

openai();
anthropic();
gemini();
