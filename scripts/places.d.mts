import type { Plugin } from 'esbuild';

export interface TrimmedPlaces {
  regions: string;
  names: string;
  columns: string;
}
export function ensurePlaces(): Promise<TrimmedPlaces & { key: string }>;
export function placesPlugin(): Promise<Plugin>;
