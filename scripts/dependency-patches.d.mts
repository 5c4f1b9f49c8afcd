import type { Plugin } from 'esbuild';

export const PATCHES: { file: string; edits: [text: string, replacement: string, why: string][] }[];
export const dependencyPatchesPlugin: Plugin;
