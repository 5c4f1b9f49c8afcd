// Admin routes under /__sim/ (only with --admin): JSON in and out, bodies validated with
// the schemas of src/contract/admin.ts.
import type { z } from 'zod';
import {
  type AdminActions,
  SimAdvance,
  SimCallerCountry,
  SimDark,
  SimFaults,
  type SimNameChange,
  SimNames,
  SimProviderConnection,
  SimRemovalBudget,
  SimReset,
  SimTokenRequest,
} from '../../src/contract/admin.ts';
import { type Decoded, parseJsonBody, validate } from './validate.ts';

/** A bad admin request (an unknown id): answered 400 with this message. */
export class AdminInputError extends Error {}

interface AdminRoute {
  method: 'GET' | 'POST';
  run(actions: AdminActions, body: unknown): unknown | Promise<unknown>;
  schema?: z.ZodType;
}

/** `/__sim/names` takes one of two shapes: pick by the id it carries, so errors name the field. */
function namesSchema(value: unknown): z.ZodType {
  const [device, network] = SimNames.options;
  return value && typeof value === 'object' && 'network_id' in value && !('client_id' in value)
    ? network
    : device;
}

const routes: Record<string, AdminRoute> = {
  '/__sim/reset': {
    method: 'POST',
    schema: SimReset,
    run: (actions, body) => {
      actions.reset((body as z.infer<typeof SimReset>).seed);
      return {};
    },
  },
  '/__sim/advance': {
    method: 'POST',
    schema: SimAdvance,
    // `now` is an RFC 3339 string like the service's other times; `now_ms` the same instant in epoch ms.
    run: async (actions, body) => {
      const now = await actions.advance((body as z.infer<typeof SimAdvance>).seconds);
      return { now: new Date(now).toISOString(), now_ms: now };
    },
  },
  '/__sim/token': {
    method: 'POST',
    schema: SimTokenRequest,
    run: (actions, body) => {
      const { network_name, client_id } = body as z.infer<typeof SimTokenRequest>;
      return actions.token(network_name, client_id);
    },
  },
  '/__sim/codes': { method: 'GET', run: (actions) => actions.codes() },
  '/__sim/mail': { method: 'GET', run: (actions) => actions.mail() },
  '/__sim/faults': {
    method: 'POST',
    schema: SimFaults,
    run: (actions, body) => {
      actions.setFaults(body as SimFaults);
      return body;
    },
  },
  '/__sim/providers': {
    method: 'POST',
    schema: SimProviderConnection,
    run: (actions, body) => actions.setProviderConnected(body as SimProviderConnection),
  },
  '/__sim/dark': {
    method: 'POST',
    schema: SimDark,
    run: (actions, body) => actions.setProviderDark(body as SimDark),
  },
  '/__sim/caller-country': {
    method: 'POST',
    schema: SimCallerCountry,
    run: (actions, body) => actions.setCallerCountry(body as SimCallerCountry),
  },
  '/__sim/removal-budget': {
    method: 'POST',
    schema: SimRemovalBudget,
    run: (actions, body) => actions.reserveRemovals(body as SimRemovalBudget),
  },
  '/__sim/names': {
    method: 'POST',
    run: (actions, body) => {
      actions.setName(body as SimNameChange);
      return {};
    },
  },
};

export const isAdminPath = (path: string) => path.startsWith('/__sim/');

export function adminRouteOf(method: string, path: string): { route?: AdminRoute; allow: string[] } {
  const route = routes[path];
  if (!route) return { allow: [] };
  return { route: route.method === method ? route : undefined, allow: [route.method] };
}

/** Decodes an admin body (empty counts as `{}`) against the route's schema. */
export function decodeAdminBody(path: string, bytes: Buffer): Decoded<unknown> {
  const json = parseJsonBody(bytes);
  if (!json.ok) return json;
  const schema = path === '/__sim/names' ? namesSchema(json.value) : routes[path]?.schema;
  return schema ? validate(schema, json.value) : json;
}
