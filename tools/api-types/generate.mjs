// The web client's API types, generated from the server's OpenAPI document (`coverline openapi`):
// the only definition of every request and response body in the web (web/src/api/types.ts names
// them). `make test` runs this with --check and fails when the committed file is stale.
//
//   node tools/api-types/generate.mjs <coverline binary> [--check]
import { execFileSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import openapiTS, { astToString } from 'openapi-typescript'

const out = fileURLToPath(new URL('../../web/src/api/schema.gen.ts', import.meta.url))
const [bin, flag] = process.argv.slice(2)
if (!bin) {
  console.error('usage: node tools/api-types/generate.mjs <coverline binary> [--check]')
  process.exit(2)
}
const document = JSON.parse(execFileSync(bin, ['openapi'], { encoding: 'utf8', maxBuffer: 64 << 20 }))
// A field with a default (`#[serde(default)]`) may be left out of a request: optional, not required.
const ast = await openapiTS(document, { alphabetize: false, exportType: true, defaultNonNullable: false })
const header =
  '// Generated from `coverline openapi` by tools/api-types/generate.mjs (openapi-typescript). Do not edit:\n' +
  '// change the Rust types (utoipa ToSchema) and run `make api-types`.\n\n'
// The error codes as a value too, so a body's code is checked at run time (web/src/api/types.ts).
const errorCodes = document.components.schemas.ErrorCode.enum
const generated =
  header +
  astToString(ast) +
  "\n/** Every error code the API answers, to check an error body's code at run time. */\n" +
  `export const errorCodes: readonly components['schemas']['ErrorCode'][] = ${JSON.stringify(errorCodes)}\n`

if (flag === '--check') {
  let committed = ''
  try {
    committed = readFileSync(out, 'utf8')
  } catch {
    // missing: stale
  }
  if (committed !== generated) {
    console.error(`${out} is stale: the API's types changed. Run \`make api-types\` and commit the result.`)
    process.exit(1)
  }
  console.log(`${out}: up to date`)
} else {
  writeFileSync(out, generated)
  console.log(`wrote ${out}`)
}
