/**
 * Vite config of the demo host page (`npm run demo`, and the Chromium e2e tests that build it).
 * The page lives in `demo/`; it imports the kit from `src/` directly.
 */
import { fileURLToPath } from 'node:url';

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  // Everything stays on the loopback interface.
  server: { host: '127.0.0.1', port: 5173 },
  preview: { host: '127.0.0.1', port: 5173 },
  logLevel: 'warn',
  // One bundle (kit, React, rjsf, the MCP SDK) is fine for a demo page.
  build: {
    outDir: fileURLToPath(new URL('../node_modules/.cache/mcp-elicit-kit-demo', import.meta.url)),
    emptyOutDir: true,
    chunkSizeWarningLimit: 4000,
  },
});
