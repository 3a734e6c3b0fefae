#!/usr/bin/env node
// Fails when a member-facing text of domain/product.json is written literally in code: Rust, the web
// client, its Vitest tests and its Playwright specs all take these texts from the data file
// (coverline_domain::product, web/src/lib/product.ts). A text counts when it stands in a string
// literal or as JSX text; comments may quote the spec. The sandbox (a fake of the payment gateway,
// a third party) keeps its own texts.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'

const root = new URL('..', import.meta.url).pathname
const product = JSON.parse(readFileSync(`${root}domain/product.json`, 'utf8'))

const texts = []
;(function walk(value) {
  if (typeof value === 'string') texts.push(value)
  else if (value && typeof value === 'object') Object.values(value).forEach(walk)
})(Object.fromEntries(Object.entries(product).filter(([key]) => key !== '$comment')))
// Single words ('Purchase', 'Car') are also identifiers; they are checked by review, not here.
const checked = [...new Set(texts)].filter((text) => text.length >= 8 && text.includes(' '))

const files = execFileSync('git', ['ls-files', '-z', '--', '*.rs', '*.ts', '*.tsx', '*.mjs'], { cwd: root, encoding: 'utf8' })
  .split('\0')
  .filter((file) => file && !file.endsWith('.gen.ts') && !file.startsWith('sandbox/') && file !== 'scripts/check-texts.mjs')

/** The file with its comments blanked (line comments, and block comments that open a line). */
function code(source) {
  return source
    .replace(/^\s*\/\*[\s\S]*?\*\//gm, (comment) => comment.replace(/[^\n]/g, ' '))
    .replace(/(^|\s)\/\/.*$/gm, (comment, lead) => lead + ' '.repeat(comment.length - lead.length))
}

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const patterns = checked.map((text) => {
  const body = escape(text).replace(/'/g, "(?:'|\\\\')").replace(/"/g, '(?:"|\\\\")')
  return { text, pattern: new RegExp(`(?:["'\`]|>\\s*)${body}|${body}(?:["'\`]|\\s*<)`, 'g') }
})

const found = []
for (const file of files) {
  let source
  try {
    source = code(readFileSync(`${root}${file}`, 'utf8'))
  } catch {
    continue // deleted in the work tree
  }
  for (const { text, pattern } of patterns) {
    for (const match of source.matchAll(pattern)) {
      const line = source.slice(0, match.index).split('\n').length
      found.push(`${file}:${line}: ${text}`)
    }
  }
}

if (found.length > 0) {
  console.error(`Texts of domain/product.json written in code (take them from the data file):\n${found.join('\n')}`)
  process.exit(1)
}
console.log(`texts: ${checked.length} texts of domain/product.json, none written in ${files.length} code files`)
