import type { Plugin } from 'esbuild';

export interface DependencyPatch {
  file: string;
  /** What it buys: the start (when not said) or key presses. */
  weighs?: 'start' | 'keys';
  edits: [text: string, replacement: string, why: string][];
}
export const PATCHES: DependencyPatch[];
export function dependencyPatches(patches?: DependencyPatch[]): Plugin;
export const dependencyPatchesPlugin: Plugin;
