// Writes docs/openapi.json, the OpenAPI 3.1 description generated from the contract
// (packages/contract/src/openapi.ts). `npm run build` runs it; packages/contract/src/openapi.test.ts
// fails when the committed file differs from what the contract generates, so the document in the
// repository is always the API the server checks against.
// Run: node --import tsx scripts/openapi.ts
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { openApiText } from '../packages/contract/src/openapi.ts';

const target = path.resolve(import.meta.dirname, '../docs/openapi.json');
writeFileSync(target, openApiText());
console.log(`wrote ${path.relative(process.cwd(), target)}`);
