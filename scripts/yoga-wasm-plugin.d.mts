import type { Plugin } from 'esbuild';

export const yogaWasmPlugin: Plugin;
