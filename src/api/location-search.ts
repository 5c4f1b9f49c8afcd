// A location search that works on every era of the service (reference behaviour,
// "find-locations — removed"): find-locations where the service still has it (the seed
// era's fuzzy search over every place and group), else find-provider-locations (places
// with providers). One per session: once find-locations answers 404 it is not asked
// again; an empty answer to a non-empty query is asked of find-provider-locations for that
// query only (the service answered every query with nothing from 2025-10 to 2026-07). A
// query the service cannot narrow is not asked, and a short one's answer is narrowed
// (search-query.ts): the same for the console and the commands.
import type { LocationResult } from '../contract/schemas.ts';
import type { ApiClient, CallOptions } from './client.ts';
import { isApiError } from './errors.ts';
import { isShortQuery, narrowShortQuery, queryProblem } from './search-query.ts';

export type SearchVia = 'find-locations' | 'find-provider-locations';

export interface SearchAnswer {
  result: LocationResult;
  via: SearchVia;
  /** find-locations found nothing, so these are find-provider-locations' matches. */
  fellBack?: boolean;
  /** Why the query was not asked at all (search-query.ts): said instead of matches. */
  problem?: string;
  /** A short query's matches that did not start with it, left out (search-query.ts). */
  leftOut?: number;
}

export interface SearchOptions extends CallOptions {
  /** find-locations only: typos allowed per query character (the service's default 0.2). */
  maxDistanceFraction?: number;
  /** find-provider-locations only: `quality` (default) or `speed`. */
  rankMode?: string;
}

export interface LocationSearch {
  /** find-locations answered 404 this session: searches go to find-provider-locations. */
  readonly findLocationsGone: boolean;
  search(query: string, options?: SearchOptions): Promise<SearchAnswer>;
  /**
   * Whether the service has find-locations, asked once (an empty query) when no search has
   * told yet: what only find-locations honours is not set blind. Throws what a failed ask threw.
   */
  hasFindLocations(options?: CallOptions): Promise<boolean>;
}

// What a search says about how it was answered: the console and the commands say it alike.
export const FIND_LOCATIONS_GONE =
  'this service has no find-locations (404): searching places with providers instead';
/** find-locations found nothing, so find-provider-locations was asked. */
export const FELL_BACK = 'find-locations found nothing: these are places with providers';

const NOTHING: LocationResult = { locations: [], groups: [], devices: [] };

/** Why a match distance (`what`: the setting's name) does nothing on a service without find-locations. */
export const distanceNotApplicable = (what: string) =>
  `${what} applies to find-locations only, which this service does not have (404): it searches places with providers (fixed distance 2)`;

const isEmpty = (result: LocationResult) =>
  !result.locations?.length && !result.groups?.length && !result.devices?.length;

/**
 * `onGone` hears FIND_LOCATIONS_GONE once, when find-locations first answers 404, before
 * find-provider-locations is asked (so it is said even if that fails; throwing stops there).
 * `knownGone`: the service is known to lack find-locations from the start (the demo knows
 * its era): it is never asked, and nothing turns out to be said.
 */
export function createLocationSearch(
  client: ApiClient,
  onGone?: (notice: string) => void,
  knownGone = false,
): LocationSearch {
  let gone = knownGone;
  /** find-locations answered once this session. */
  let answered = false;
  const goneNow = () => {
    gone = true;
    onGone?.(FIND_LOCATIONS_GONE);
  };

  // The fraction goes along: the seed era's find-provider-locations honours it (today's ignores it).
  const fractionOf = (options: SearchOptions) =>
    options.maxDistanceFraction === undefined
      ? {}
      : { max_distance_fraction: options.maxDistanceFraction, enable_max_distance_fraction: true };

  const byProviders = (query: string, options: SearchOptions) =>
    client.findProviderLocations(
      { query, ...fractionOf(options), ...(options.rankMode ? { rank_mode: options.rankMode } : {}) },
      { signal: options.signal },
    );

  /** The service's answer to a query it can narrow. */
  const asked = async (query: string, options: SearchOptions): Promise<SearchAnswer> => {
    if (!gone) {
      try {
        const result = await client.findLocations(
          { query, ...fractionOf(options) },
          { signal: options.signal },
        );
        answered = true;
        if (query.trim() === '' || !isEmpty(result)) return { result, via: 'find-locations' };
        return {
          result: await byProviders(query, options),
          via: 'find-provider-locations',
          fellBack: true,
        };
      } catch (error) {
        if (!isApiError(error) || error.status !== 404) throw error;
        goneNow();
      }
    }
    return { result: await byProviders(query, options), via: 'find-provider-locations' };
  };

  return {
    get findLocationsGone() {
      return gone;
    },
    async search(query, options = {}) {
      const problem = queryProblem(query);
      if (problem)
        return { result: NOTHING, via: gone ? 'find-provider-locations' : 'find-locations', problem };
      const answer = await asked(query, options);
      if (!isShortQuery(query)) return answer;
      const { result, leftOut } = narrowShortQuery(answer.result, query);
      return { ...answer, result, ...(leftOut ? { leftOut } : {}) };
    },
    async hasFindLocations(options = {}) {
      if (gone || answered) return !gone;
      try {
        await client.findLocations({ query: '' }, { signal: options.signal });
        answered = true;
      } catch (error) {
        if (!isApiError(error) || error.status !== 404) throw error;
        goneNow();
      }
      return !gone;
    },
  };
}
