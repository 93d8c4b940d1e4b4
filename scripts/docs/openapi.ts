// `npm run docs:openapi`: writes docs/openapi.json, the OpenAPI 3.1 document generated from the route tables
// (contract/routes/openapi.ts). tests/docs/api-contract.test.ts fails when the file in the tree is not what this writes.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { openApiDocument } from "../../contract/routes/openapi";
import { ROOT } from "./decisions-index";

export const OPENAPI_FILE = path.join(ROOT, "docs/openapi.json");

export const openApiText = (): string => `${JSON.stringify(openApiDocument(), null, 2)}\n`;

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  writeFileSync(OPENAPI_FILE, openApiText());
  console.log(`wrote ${path.relative(ROOT, OPENAPI_FILE)}`);
}
