import type { Plugin } from 'esbuild';

export const stringWidthPlugin: Plugin;
