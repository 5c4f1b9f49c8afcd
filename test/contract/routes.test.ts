// The routes each era serves (src/contract/routes.ts): the endpoint table narrowed by the
// operations an era's service lacks, with the methods a path allows for a 405.
import { describe, expect, it } from 'vitest';
import { endpoints, operationNames } from '../../src/contract/endpoints.ts';
import { ERAS } from '../../src/contract/eras.ts';
import { routeOf, servedIn } from '../../src/contract/routes.ts';

describe('routeOf', () => {
  it('finds every operation by its method and path in the eras that serve it', () => {
    for (const era of ERAS) {
      for (const name of operationNames) {
        const found = routeOf(endpoints[name].method, endpoints[name].path, era);
        expect(found.name, `${era} ${name}`).toBe(servedIn(name, era) ? name : undefined);
      }
    }
  });

  it('has find-locations only in the seed era, set-name and refresh only in the current one', () => {
    expect(routeOf('POST', '/network/find-locations', 'current')).toEqual({ name: undefined, allow: [] });
    expect(routeOf('POST', '/network/find-locations', 'seed').name).toBe('findLocations');
    expect(routeOf('POST', '/device/set-name', 'seed')).toEqual({ name: undefined, allow: [] });
    expect(routeOf('GET', '/auth/refresh', 'current').name).toBe('authRefresh');
    expect(routeOf('POST', '/network/find-provider-locations', 'seed').name).toBe('findProviderLocations');
  });

  it('lists both methods of /account/payout-wallet', () => {
    expect(routeOf('DELETE', '/account/payout-wallet')).toEqual({ name: undefined, allow: ['POST', 'GET'] });
  });

  it('knows a wrong method on a known path (405) from an unknown path (404)', () => {
    expect(routeOf('GET', '/device/add')).toEqual({ name: undefined, allow: ['POST'] });
    expect(routeOf('GET', '/nope')).toEqual({ name: undefined, allow: [] });
  });
});
