// `npm run openapi`: writes openapi.json from the contract.
import { writeFileSync } from 'node:fs';
import { openApiDocument } from '../src/contract/openapi.ts';

const out = process.argv[2] ?? 'openapi.json';
writeFileSync(out, `${JSON.stringify(openApiDocument(), null, 2)}\n`);
console.log(`wrote ${out}`);
