import type { Plugin } from 'esbuild';

export const PLACES_FILE: string;
export const PLACES_SOURCE: string;
export interface TrimmedPlaces {
  regions: string;
  names: string;
  columns: string;
}
export function trimPlaces(): Promise<TrimmedPlaces>;
export function ensurePlaces(): Promise<TrimmedPlaces & { key: string }>;
export function placesPlugin(): Promise<Plugin>;
