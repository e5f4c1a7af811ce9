/**
 * npm run openapi [-- --out FILE]: writes the OpenAPI 3.1 document of the API catalogue
 * (src/api/openapi.ts) to FILE (default openapi.json), for Swagger UI, Prism and code generators.
 * The mock serves the same document at /__mock/openapi.json.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import pkg from '../package.json' with { type: 'json' };
import { openApiDocument } from '../src/api/openapi';

const { values } = parseArgs({ options: { out: { type: 'string', default: 'openapi.json' } } });
const doc = openApiDocument(pkg.version);
writeFileSync(values.out, `${JSON.stringify(doc, null, 2)}\n`);
console.log(`wrote ${values.out}: ${Object.keys(doc.paths as object).length} paths, OpenAPI ${String(doc.openapi)}`);
