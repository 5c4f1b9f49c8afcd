import type { Plugin } from 'esbuild';

export interface TrimmedPlaces {
  regions: string;
  names: string;
  columns: string;
}
export function ensurePlaces(): Promise<TrimmedPlaces & { key: string }>;
export const PLACES_ASSET: string;
export function placesPlugin(): Plugin;
export function writePlaces(dir: string): Promise<void>;
