/**
 * `npm run -s eval:agentdojo` prints the banking replay's figures as a table (docs/agentdojo.md);
 * `npm run -s eval:agentdojo -- --json` prints them as one JSON object on the last line of standard output.
 */
import { replayBanking } from './replay.ts';
import { table } from './table.ts';

const report = await replayBanking();
if (process.argv.includes('--json')) process.stdout.write(`${JSON.stringify(report)}\n`);
else process.stdout.write(`${table(report)}\n`);
