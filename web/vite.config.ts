/// <reference types="vitest/config" />
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'

/**
 * Vendor chunks, cached apart from the app's code: React and XState (the entry's), and MUI with
 * Emotion: the first load carries none of it (issue 16: the splash and the frame are plain HTML).
 * MUI's modules that two or more chunks share are one chunk: the first screen that draws with MUI
 * fetches it in one request instead of ~35 small ones (a phone on a slow network pays a round trip
 * per request; Lighthouse's review page via a continue link went 77 -> 89 with it). A module one
 * screen alone uses stays in that screen's chunk.
 */
const vendorGroups = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
  { name: 'xstate', test: /node_modules[\\/](xstate|@xstate)[\\/]/ },
  {
    name: 'mui',
    test: /node_modules[\\/](@mui|@emotion|@babel[\\/]runtime|stylis|hoist-non-react-statics|react-is|react-transition-group|clsx|prop-types)[\\/]/,
    minShareCount: 2,
  },
]

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every text file of the build over 1 kB, at the
 * highest levels; the server sends the copy the browser takes (api/src/http/app.rs, web_assets).
 */
function precompress(): Plugin {
  let outDir = ''
  return {
    name: 'coverline-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir)
    },
    closeBundle() {
      const files = readdirSync(outDir, { recursive: true, encoding: 'utf8' })
      for (const file of files.filter((name) => /\.(js|css|html|svg|json|txt)$/.test(name))) {
        const content = readFileSync(join(outDir, file))
        if (content.length < 1024) continue
        writeFileSync(
          join(outDir, `${file}.br`),
          brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        )
        writeFileSync(join(outDir, `${file}.gz`), gzipSync(content, { level: 9 }))
      }
    },
  }
}

/**
 * `npm run dev` serves index.html itself: it carries the English catalogue, as the server's page
 * does (api/src/http/web_page.rs writes the member's language's).
 */
function devTexts(): Plugin {
  return {
    name: 'coverline-dev-texts',
    apply: 'serve',
    transformIndexHtml(html) {
      const texts = readFileSync(resolve(import.meta.dirname, '../domain/texts/en.json'), 'utf8')
      const element = `<script type="application/json" id="coverline-texts">${JSON.stringify(JSON.parse(texts)).replace(/</g, '\\u003c')}</script>`
      return html.replace('<!--coverline:head-->', element)
    },
  }
}

export default defineConfig({
  plugins: [react(), precompress(), devTexts()],
  server: {
    proxy: { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false } },
    // The product's constants and texts live beside the Rust domain (../domain/product.json, texts/).
    fs: { allow: ['.', '../domain/product.json', '../domain/texts'] },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    manifest: true,
    rolldownOptions: {
      output: { codeSplitting: { groups: vendorGroups } },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/page-texts.ts', './src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // Whole-app tests click through several screens; on 2 busy cores they can pass 5 s.
    testTimeout: 20_000,
  },
})
