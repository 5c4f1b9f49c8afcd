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

/** A POST route whose body `schema` has validated before `run` sees it, so `run` takes it typed. */
function post<S extends z.ZodType>(
  schema: S,
  run: (actions: AdminActions, body: z.infer<S>) => unknown | Promise<unknown>,
): AdminRoute {
  return { method: 'POST', schema, run: (actions, body) => run(actions, body as z.infer<S>) };
}

const routes: Record<string, AdminRoute> = {
  '/__sim/reset': post(SimReset, (actions, body) => {
    actions.reset(body.seed);
    return {};
  }),
  // `now` is an RFC 3339 string like the service's other times; `now_ms` the same instant in epoch ms.
  '/__sim/advance': post(SimAdvance, async (actions, body) => {
    const now = await actions.advance(body.seconds);
    return { now: new Date(now).toISOString(), now_ms: now };
  }),
  '/__sim/token': post(SimTokenRequest, (actions, body) => actions.token(body.network_name, body.client_id)),
  '/__sim/codes': { method: 'GET', run: (actions) => actions.codes() },
  '/__sim/mail': { method: 'GET', run: (actions) => actions.mail() },
  '/__sim/faults': post(SimFaults, (actions, body) => {
    actions.setFaults(body);
    return body;
  }),
  '/__sim/providers': post(SimProviderConnection, (actions, body) => actions.setProviderConnected(body)),
  '/__sim/dark': post(SimDark, (actions, body) => actions.setProviderDark(body)),
  '/__sim/caller-country': post(SimCallerCountry, (actions, body) => actions.setCallerCountry(body)),
  '/__sim/removal-budget': post(SimRemovalBudget, (actions, body) => actions.reserveRemovals(body)),
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
