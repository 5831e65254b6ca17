import { defineConfig, defaultClientConditions } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  // 'source' first: @stickwork/domain is read from its TypeScript source, no domain build needed.
  resolve: { conditions: ['source', ...defaultClientConditions] },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
  preview: {
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      treeshake: {
        // domain is pure by rule (no I/O, no globals), so the bundle keeps only what the app imports from it.
        moduleSideEffects: (id: string) => !/[\\/]domain[\\/]src[\\/]/.test(id),
      },
    },
  },
});
