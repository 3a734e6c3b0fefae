// The web client's house rules (issue 14): `npm run lint` runs this with --max-warnings 0, then
// `prettier --check .` (.prettierrc); `npm run format` fixes what both tools can.
//
// TypeScript for the linter: TypeScript 7 (the Go-native tsc) ships no JavaScript compiler API yet,
// and typescript-eslint's parser needs one, even without type information (it parses with
// ts.createSourceFile; 8.x takes TypeScript >=4.8.4 <6.1.0 as a peer). So package.json installs the
// two side by side, the way Microsoft's @typescript/typescript6 package is meant to be used:
//   "typescript": "npm:@typescript/typescript6@6.0.2"  the 6.0 API, what `import 'typescript'` finds
//                                                      (typescript-eslint here); its compiler is `tsc6`
//   "@typescript/native": "npm:typescript@7.0.2"      TypeScript 7's `tsc`, which `npm run typecheck`,
//                                                      `npm run build` and `npx tsc` run as before
// TypeScript 7 is a port of 6.0 (same types, same errors), so the type-aware rules below see the
// types tsc checks. The override "@typescript/native": "$@typescript/native" only keeps npm from
// calling the alias invalid: typescript-eslint lists @typescript/native >=7.1 as an optional peer for
// its experimental tsgo backend, which this config does not turn on.
import js from '@eslint/js'
import { defineConfig, globalIgnores } from 'eslint/config'
import boundaries from 'eslint-plugin-boundaries'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import { readdirSync } from 'node:fs'
import tseslint from 'typescript-eslint'

/** src/features/<feature>/: each may import from src/components, lib, flow, api and test, never from another feature. */
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

/** react-hooks' recommended rules (the Rules of Hooks, exhaustive-deps and the React Compiler's), all as errors. */
const reactHooksRecommended = reactHooks.configs.flat['recommended-latest']
const reactHooksAsErrors = Object.fromEntries(Object.keys(reactHooksRecommended.rules).map((rule) => [rule, 'error']))

export default defineConfig([
  globalIgnores([
    'dist/',
    'test-results/',
    'playwright-report/',
    'e2e/screenshots/',
    // Generated from the API's OpenAPI document: fixed at its source, not here.
    'src/api/schema.gen.ts',
    // Inlined by the server into every restoring page, so kept minified (its cases: src/flow/restore-cases.json).
    'src/lib/restore-script.js',
  ]),

  {
    name: 'coverline/all',
    files: ['**/*.{js,mjs,ts,tsx}'],
    extends: [js.configs.recommended, tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: {
        // Each .ts/.tsx file is typed by the tsconfig that includes it (app, node, e2e).
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `_`-prefixed names are the deliberate way to leave a binding unused.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },

  {
    // The plain JavaScript files (this config, the bench and bundle scripts) are in no tsconfig:
    // the rules that need type information are off there.
    name: 'coverline/javascript',
    files: ['**/*.{js,mjs}'],
    extends: [tseslint.configs.disableTypeChecked],
  },

  {
    name: 'coverline/browser',
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
  },

  {
    name: 'coverline/node',
    files: ['*.{js,ts}', 'scripts/**', 'e2e/**'],
    languageOptions: { globals: globals.node },
  },

  {
    // The scripts and specs hand callbacks to page.evaluate and page.waitForFunction: they run in the page.
    name: 'coverline/node-driving-a-page',
    files: ['scripts/**', 'e2e/**'],
    languageOptions: { globals: globals.browser },
  },

  {
    name: 'coverline/react-hooks',
    files: ['src/**/*.{ts,tsx}'],
    extends: [reactHooksRecommended],
    rules: reactHooksAsErrors,
  },

  {
    // Features never import each other: what two features share lives in src/components, src/lib or
    // src/flow. Imports (static, dynamic, re-exports) are resolved to files before they are compared.
    // (Not import-x's no-restricted-paths: it needs unrs-resolver, whose per-platform binaries the
    // npm registry reachable from this project's machines only partly serves, and npm ci then refuses
    // the lockfile.)
    name: 'coverline/feature-boundaries',
    files: ['src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': [
        { type: 'feature', pattern: 'src/features/*', capture: ['feature'] },
        // The staff console (/staff): a separate app beside the member's, loaded on its own.
        { type: 'staff', pattern: 'src/staff' },
      ],
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.json'] } },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            ...features.map((feature) => ({
              from: { element: { type: 'feature', captured: { feature } } },
              disallow: { to: { element: { type: 'feature', captured: { feature: `!${feature}` } } } },
              message: `src/features/${feature} may not import another feature: move what they share to src/components, src/lib or src/flow.`,
            })),
            {
              from: { element: { type: 'feature' } },
              disallow: { to: { element: { type: 'staff' } } },
              message: 'The member app may not import the staff console (src/staff): it is loaded apart, at /staff.',
            },
            {
              from: { element: { type: 'staff' } },
              disallow: { to: { element: { type: 'feature' } } },
              message: 'src/staff may not import a member feature: move what they share to src/components, src/lib or src/api.',
            },
          ],
        },
      ],
    },
  },
])
