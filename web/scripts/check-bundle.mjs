#!/usr/bin/env node
// First-load JS budget (issue 7): the JavaScript a browser loads for the first page (the splash,
// /{institutionId}) must stay within BUDGET_BYTES, gzip-compressed (zlib level 9, as one file each).
//
// Budgeted: the entry chunk and every chunk it imports statically, and every <script type="module">
// and <link rel="modulepreload"> of index.html. Printed beside it, not budgeted: the splash screen's
// own chunks (its lazily loaded module and that module's static imports), which the shell fetches
// while the institution loads, before the splash's form can be used. Chunks are read from Vite's
// manifest (build.manifest in vite.config.ts).
//
// Usage: node scripts/check-bundle.mjs [distDir]   (default: web/dist). Exits 1 above the budget.
import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'

/**
 * 120 kB, with kB = 1024 bytes (issue 16; it was 173). The first load is React, XState, the flow
 * and the page frame: MUI comes with the first screen that draws with it (not the splash), and the
 * app's own router (lib/router.tsx) replaced react-router.
 */
const BUDGET_BYTES = 120 * 1024
/** Source modules of the first screen, loaded lazily but always, before the splash can be used. */
const FIRST_SCREEN_MODULES = ['src/features/splash/splash-page.tsx']

const dist = resolve(process.argv[2] ?? join(import.meta.dirname, '..', 'dist'))
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'))
const html = readFileSync(join(dist, 'index.html'), 'utf8')

/** Manifest chunks by output file, to follow index.html's references back to their imports. */
const chunkByFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]))

/** Output file -> why it loads first: 'entry' (entry, its imports, index.html) or 'splash' (the first screen's chunks). */
const files = new Map()
/** A chunk and, recursively, every chunk it imports statically. */
function addWithStaticImports(key, why) {
  const chunk = manifest[key]
  if (!chunk) throw new Error(`${key} is not in ${dist}/.vite/manifest.json`)
  if (files.has(chunk.file)) return
  files.set(chunk.file, why)
  for (const imported of chunk.imports ?? []) addWithStaticImports(imported, why)
}

for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) addWithStaticImports(key, 'entry')
for (const [, href] of html.matchAll(/<(?:script|link)\b[^>]*?(?:src|href)="\/?([^"]+\.js)"/g)) {
  if (chunkByFile.has(href)) addWithStaticImports(chunkByFile.get(href), 'entry')
  else files.set(href, 'entry')
}
for (const module of FIRST_SCREEN_MODULES) {
  if (!manifest[module]) {
    console.error(`check-bundle: ${module} has no chunk of its own any more; update FIRST_SCREEN_MODULES.`)
    process.exit(2)
  }
  addWithStaticImports(module, 'splash')
}

const rows = [...files].map(([file, why]) => {
  const bytes = readFileSync(join(dist, file))
  return { file, why, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length }
})
rows.sort((a, b) => b.gzip - a.gzip)
const total = rows.reduce((sum, row) => ({ raw: sum.raw + row.raw, gzip: sum.gzip + row.gzip }), { raw: 0, gzip: 0 })

const kB = (bytes) => `${(bytes / 1024).toFixed(1)} kB`
const title = 'first-load JS (splash)'
const width = Math.max(...rows.map((row) => row.file.length), title.length)
const line = (file, why, raw, gzip) => `${file.padEnd(width)}  ${why.padEnd(6)}  ${raw.padStart(9)}  ${gzip.padStart(9)}`
console.log(line(title, 'why', 'raw', 'gzip -9'))
for (const row of rows) console.log(line(row.file, row.why, kB(row.raw), kB(row.gzip)))
const entry = rows.filter((row) => row.why === 'entry').reduce((sum, row) => sum + row.gzip, 0)
console.log(line('total', '', kB(total.raw), kB(total.gzip)))
const within = entry <= BUDGET_BYTES
console.log(
  `entry, its static imports and modulepreloads: ${kB(entry)} gzip (${entry} bytes), ` +
    `${within ? 'within' : 'OVER'} the budget of ${kB(BUDGET_BYTES)} (${BUDGET_BYTES} bytes, kB = 1024 bytes)`,
)
console.log(`with the splash screen's own chunks ('splash', not budgeted): ${kB(total.gzip)} gzip`)
process.exit(within ? 0 : 1)
