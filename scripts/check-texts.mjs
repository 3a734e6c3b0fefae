#!/usr/bin/env node
// The texts check. Fails, naming the key and the language, when:
// - a language's catalogue (domain/texts/<code>.json) lacks a key of English's, or has one English
//   has not;
// - a message is not ICU MessageFormat, or names other values than English's message ({refund});
// - a Spanish text (of the catalogue, or a provider plan text's in data/plans/es.json) whose English
//   text names a glossary term (domain/texts/glossary.json) does not use the glossary's Spanish term,
//   or addresses the member as tú instead of usted;
// - a member-facing text of a catalogue is written literally in code: Rust, the web client, its
//   Vitest tests and its Playwright specs all take these texts from the catalogues
//   (coverline_domain::product, web/src/lib/product.ts). A text counts when it stands in a string
//   literal or as JSX text; comments may quote the spec. The sandbox (a fake of the payment gateway,
//   a third party) keeps its own texts, and the staff console (staff-facing, in English) its own.
import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'

const root = new URL('..', import.meta.url).pathname
const { parse, TYPE } = createRequire(`${root}web/package.json`)('@formatjs/icu-messageformat-parser')

const read = (file) => JSON.parse(readFileSync(`${root}domain/texts/${file}`, 'utf8'))
const codes = readdirSync(`${root}domain/texts`)
  .filter((file) => /^[a-z]{2}\.json$/.test(file))
  .map((file) => file.slice(0, 2))
  .sort((a, b) => (a === 'en' ? -1 : b === 'en' ? 1 : a.localeCompare(b)))

/** Every text of a catalogue by its key (`messages.bookingFailed`, `stepper.0`). */
function flatten(value, prefix = '', out = new Map()) {
  if (typeof value === 'string') out.set(prefix, value)
  else if (value && typeof value === 'object')
    for (const [key, child] of Object.entries(value)) {
      if (key !== '$comment') flatten(child, prefix ? `${prefix}.${key}` : key, out)
    }
  return out
}

/** The names of the values a message fills in, or the parse error. */
function argumentsOf(message) {
  const names = new Set()
  const walk = (elements) => {
    for (const element of elements) {
      if (element.type !== TYPE.literal && element.type !== TYPE.pound) names.add(element.value)
      for (const option of Object.values(element.options ?? {})) walk(option.value)
      if (element.children) walk(element.children)
    }
  }
  walk(parse(message))
  return [...names].sort().join(', ')
}

const catalogues = new Map(codes.map((code) => [code, flatten(read(`${code}.json`))]))
const english = catalogues.get('en')
const problems = []
for (const [code, texts] of catalogues) {
  for (const key of english.keys()) if (!texts.has(key)) problems.push(`${key} (${code}): missing`)
  for (const [key, text] of texts) {
    if (!english.has(key)) {
      problems.push(`${key} (${code}): not a key of English's catalogue`)
      continue
    }
    try {
      const [mine, theirs] = [argumentsOf(text), argumentsOf(english.get(key))]
      if (mine !== theirs) problems.push(`${key} (${code}): fills in {${mine}}, English fills in {${theirs}}`)
    } catch (error) {
      problems.push(`${key} (${code}): not ICU MessageFormat (${error.message})`)
    }
  }
}

// The glossary: a Spanish text whose English text names a term uses the term's Spanish. The same
// holds for the provider plan texts' Spanish (data/plans/es.json: each English text, its Spanish).
const glossary = read('glossary.json').terms
const wholeWord = (form) => new RegExp(`(?<![\\p{L}-])${form.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}-])`, 'iu')
const spanish = catalogues.get('es') ?? new Map()
const plans = Object.entries(JSON.parse(readFileSync(`${root}data/plans/es.json`, 'utf8'))).filter(([key]) => key !== '$comment')
/** Each Spanish text with its English and where it is: a catalogue key, or a plan text's opening words. */
const pairs = [
  ...[...english].map(([key, message]) => ({ where: `${key} (es)`, en: message, es: spanish.get(key) })),
  ...plans.map(([en, es]) => ({ where: `data/plans/es.json "${en.slice(0, 40)}"`, en, es })),
]
for (const { where, en, es } of pairs) {
  // A value filled in ({contract}, {vehicle}) names no term: only the words around it are read.
  const text = en.replace(/\{\w+\}/g, ' ')
  for (const term of glossary) {
    if (!term.en.some((form) => wholeWord(form).test(text))) continue
    if (es !== undefined && !term.es.some((form) => es.toLowerCase().includes(form)))
      problems.push(`${where}: "${term.en[0]}" is "${term.es[0]}" in the glossary (domain/texts/glossary.json)`)
  }
}
// Usted, never tú: the familiar forms a text would use to address the member.
const familiar = ['tú', 'tu', 'tus', 'te', 'ti', 'contigo', 'puedes', 'tienes', 'quieres', 'necesitas', 'eres', 'estás', 'ingresa', 'selecciona', 'elige', 'haz', 'verifica', 'intenta', 'revisa', 'escribe', 'introduce', 'confirma', 'vuelve', 'recibirás', 'podrás']
for (const { where, es } of pairs) {
  const words = (es ?? '').toLowerCase().match(/\p{L}+/gu) ?? []
  const found = words.filter((word) => familiar.includes(word))
  if (found.length > 0) problems.push(`${where}: addresses the member as tú (${[...new Set(found)].join(', ')}); use usted`)
}
if (problems.length > 0) {
  console.error(`The catalogues (domain/texts) are not complete and consistent:\n${problems.join('\n')}`)
  process.exit(1)
}

const texts = [...catalogues.values()].flatMap((catalogue) => [...catalogue.values()])
// Single words ('Purchase', 'Car') are also identifiers, and two-word labels ('Sales tax', 'Key
// replacement') also name data (a provider's benefits, a document's rows): both are checked by review,
// not here. Phrases and sentences of three words or more are.
const checked = [...new Set(texts)].filter((text) => text.length >= 8 && text.trim().split(/\s+/).length >= 3)

const files = execFileSync('git', ['ls-files', '-z', '--', '*.rs', '*.ts', '*.tsx', '*.mjs'], { cwd: root, encoding: 'utf8' })
  .split('\0')
  // The staff console (web/src/staff/, its spec) is staff-facing and in English: it may say what members read.
  .filter((file) => file && !file.endsWith('.gen.ts') && file !== 'scripts/check-texts.mjs')
  .filter((file) => !file.startsWith('sandbox/') && !file.startsWith('web/src/staff/') && file !== 'web/e2e/staff.spec.ts')

/** The file with its comments blanked (line comments, and block comments that open a line). */
function code(source) {
  return source
    .replace(/^\s*\/\*[\s\S]*?\*\//gm, (comment) => comment.replace(/[^\n]/g, ' '))
    .replace(/(^|\s)\/\/.*$/gm, (comment, lead) => lead + ' '.repeat(comment.length - lead.length))
}

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const patterns = checked.map((text) => {
  const body = escape(text).replace(/'/g, "(?:'|\\\\')").replace(/"/g, '(?:"|\\\\")')
  const open = '(?:["\'`]|>\\s*)'
  const close = '(?:["\'`]|\\s*<)'
  // A short text ('Your card') also begins longer sentences ('Your card was declined.'): only the
  // whole literal counts. A longer one counts where it opens or closes a literal (a template's part).
  const whole = text.length < 20
  return { text, pattern: new RegExp(whole ? `${open}${body}${close}` : `${open}${body}|${body}${close}`, 'g') }
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
  console.error(`Texts of the catalogues (domain/texts) written in code (take them from the catalogue):\n${found.join('\n')}`)
  process.exit(1)
}
console.log(
  `texts: ${english.size} keys in ${codes.join(', ')}, each an ICU message with English's values; the glossary's ${glossary.length} terms kept; ${checked.length} texts, none written in ${files.length} code files`,
)
