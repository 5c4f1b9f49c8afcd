import type { Plugin } from 'esbuild';

export interface DependencyPatch {
  file: string;
  edits: [text: string, replacement: string, why: string][];
}
export const PATCHES: DependencyPatch[];
export function dependencyPatches(patches?: DependencyPatch[]): Plugin;
export const dependencyPatchesPlugin: Plugin;
