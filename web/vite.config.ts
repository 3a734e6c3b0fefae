/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

/** Vendor chunk groups: keeps every chunk under the 500 kB warning and caches libraries apart from app code. */
const vendor: Record<string, RegExp> = {
  react: /node_modules\/(react|react-dom|scheduler|react-router)\//,
  mui: /node_modules\/(@mui|@emotion|@babel\/runtime|stylis|hoist-non-react-statics|react-is|react-transition-group|clsx|prop-types)\//,
  forms: /node_modules\/(zod|react-hook-form|@hookform|react-number-format|dayjs)\//,
  xstate: /node_modules\/(xstate|@xstate)\//,
}

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    rolldownOptions: {
      output: { codeSplitting: { groups: Object.entries(vendor).map(([name, test]) => ({ name, test })) } },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // Whole-app tests click through several screens; on 2 busy cores they can pass 5 s.
    testTimeout: 20_000,
  },
})
