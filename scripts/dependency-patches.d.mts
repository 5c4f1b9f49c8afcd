import type { Plugin } from 'esbuild';

export interface DependencyPatch {
  file: string;
  /** What it buys: the start (when not said) or key presses. */
  weighs?: 'start' | 'keys';
  edits: [text: string, replacement: string, why: string][];
}
export const PATCHES: DependencyPatch[];
/** The HTTP/2 constants undici's HTTP/2 client is given without loading node:http2. */
export const HTTP2_CONSTANTS: Record<string, string | number>;
export function dependencyPatches(patches?: DependencyPatch[]): Plugin;
export const dependencyPatchesPlugin: Plugin;
