// The endpoint table: one row per operation of the interface. It drives the client,
// the simulator's routing and validation, and the OpenAPI document.
import type { z } from 'zod';
import * as s from './schemas.ts';

export interface Endpoint {
  /** 1-based number of the operation in the interface document */
  readonly number: number;
  readonly method: 'GET' | 'POST';
  readonly path: string;
  /** Whether `Authorization: Bearer <jwt>` is required (operations 3-9). */
  readonly auth: boolean;
  /** Request body schema; `null` for operations without a body. */
  readonly request: z.ZodType | null;
  readonly response: z.ZodType;
  readonly summary: string;
}

const op = <const E extends Endpoint>(endpoint: E) => endpoint;

export const endpoints = {
  findLocations: op({
    number: 1,
    method: 'POST',
    path: '/network/find-locations',
    auth: false,
    request: s.FindLocationsRequest,
    response: s.LocationResult,
    summary: 'Search locations, groups and devices matching a query (fuzzy prefix search).',
  }),
  providerLocations: op({
    number: 2,
    method: 'GET',
    path: '/network/provider-locations',
    auth: false,
    request: null,
    response: s.LocationResult,
    summary: 'Locations and groups with at least one active, healthy provider.',
  }),
  getPayoutWallet: op({
    number: 3,
    method: 'GET',
    path: '/account/payout-wallet',
    auth: true,
    request: null,
    response: s.PayoutWallet,
    summary: 'The payout wallet of the caller network.',
  }),
  setPayoutWallet: op({
    number: 4,
    method: 'POST',
    path: '/account/payout-wallet',
    auth: true,
    request: s.SetPayoutWalletRequest,
    response: s.EmptyResult,
    summary: 'Set an existing account wallet as the payout wallet.',
  }),
  deviceAssociations: op({
    number: 5,
    method: 'GET',
    path: '/device/associations',
    auth: true,
    request: null,
    response: s.DeviceAssociations,
    summary: 'Devices associated with the caller network.',
  }),
  sendFeedback: op({
    number: 6,
    method: 'POST',
    path: '/feedback/send-feedback',
    auth: true,
    request: s.FeedbackRequest,
    response: s.FeedbackResult,
    summary: 'Send feedback about intended use and needs.',
  }),
  providerStats: op({
    number: 7,
    method: 'GET',
    path: '/stats/providers',
    auth: true,
    request: null,
    response: s.ProvidersStats,
    summary: "Statistics of the caller network's providers over the last 24 hours.",
  }),
  addDevice: op({
    number: 8,
    method: 'POST',
    path: '/device/add',
    auth: true,
    request: s.AddDeviceRequest,
    response: s.AddDeviceResult,
    summary: 'Add a device by adoption code or share code.',
  }),
  createShareCode: op({
    number: 9,
    method: 'POST',
    path: '/device/create-share-code',
    auth: true,
    request: s.CreateShareCodeRequest,
    response: s.CreateShareCodeResult,
    summary: 'Create a code for sharing a device of the caller network.',
  }),
  findProviders: op({
    number: 10,
    method: 'POST',
    path: '/network/find-providers2',
    auth: false,
    request: s.FindProvidersRequest,
    response: s.FindProvidersResult,
    summary: 'Randomly sample active, healthy providers, excluding ones already seen.',
  }),
  networkStats: op({
    number: 11,
    method: 'GET',
    path: '/stats/last-90',
    auth: false,
    request: null,
    response: s.NetworkStats,
    summary: 'Network-wide statistics over the last 90 days.',
  }),
} as const;

export type Endpoints = typeof endpoints;
export type OperationName = keyof Endpoints;
export const operationNames = Object.keys(endpoints) as OperationName[];

/** Request body type of an operation (`undefined` for GETs). */
export type RequestOf<K extends OperationName> = Endpoints[K]['request'] extends z.ZodType
  ? z.input<Endpoints[K]['request']>
  : undefined;
/** Parsed (lenient) response type of an operation. */
export type ResponseOf<K extends OperationName> = s.Read<Endpoints[K]['response']>;

/** The operation at a method and path, and the methods that path allows. */
export function routeOf(method: string, path: string): { name?: OperationName; allow: string[] } {
  const allow: string[] = [];
  let name: OperationName | undefined;
  for (const key of operationNames) {
    const endpoint = endpoints[key];
    if (endpoint.path !== path) continue;
    allow.push(endpoint.method);
    if (endpoint.method === method) name = key;
  }
  return { name, allow };
}
