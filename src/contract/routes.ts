// The routes each era serves: the endpoint table narrowed by what an era's service lacks
// (eras.ts). Its own file, so that the table and the eras need not import each other: the
// eras name operations of the table, and this joins the two.

import { endpoints, type OperationName, operationNames } from './endpoints.ts';
import { DEFAULT_ERA, ERA_CONTRACTS, type Era } from './eras.ts';

/** Whether the service of `era` has the operation (elsewhere its path answers 404: eras.ts). */
export function servedIn(name: OperationName, era: Era): boolean {
  return !ERA_CONTRACTS[era].lacks.includes(name);
}

/**
 * The operation at a method and path in an era, and the methods that path allows there,
 * in the order of the service's route table (a 405's `Allow`): it registers POST before
 * GET where a path has both (server: api/api.go, `/account/payout-wallet`).
 */
export function routeOf(
  method: string,
  path: string,
  era: Era = DEFAULT_ERA,
): { name?: OperationName; allow: string[] } {
  const allow: string[] = [];
  let name: OperationName | undefined;
  for (const key of operationNames) {
    const endpoint = endpoints[key];
    if (endpoint.path !== path || !servedIn(key, era)) continue;
    allow.push(endpoint.method);
    if (endpoint.method === method) name = key;
  }
  allow.sort((a, b) => (a === b ? 0 : a === 'POST' ? -1 : 1));
  return { name, allow };
}
