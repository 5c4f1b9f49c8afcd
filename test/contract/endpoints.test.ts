// The endpoint table's routing and the request schemas the simulator validates with.
import { describe, expect, it } from 'vitest';
import { endpoints, operationNames, routeOf } from '../../src/contract/endpoints.ts';
import { FeedbackRequest, FindProvidersRequest, SetPayoutWalletRequest } from '../../src/contract/schemas.ts';

describe('routeOf', () => {
  it('finds every operation by its method and path', () => {
    for (const name of operationNames) {
      expect(routeOf(endpoints[name].method, endpoints[name].path).name).toBe(name);
    }
  });

  it('lists both methods of /account/payout-wallet', () => {
    expect(routeOf('DELETE', '/account/payout-wallet')).toEqual({ name: undefined, allow: ['GET', 'POST'] });
  });

  it('knows a wrong method on a known path (405) from an unknown path (404)', () => {
    expect(routeOf('GET', '/device/add')).toEqual({ name: undefined, allow: ['POST'] });
    expect(routeOf('GET', '/nope')).toEqual({ name: undefined, allow: [] });
  });
});

describe('request schemas', () => {
  it('ignore unknown fields, as the real server does', () => {
    expect(FeedbackRequest.parse({ uses: { personal: true }, colour: 'blue' })).toEqual({
      uses: { personal: true },
    });
  });

  it('reject a wrong type with the path of the field', () => {
    const result = FindProvidersRequest.safeParse({ specs: [{ location_id: 'not-a-uuid' }] });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].path).toEqual(['specs', 0, 'location_id']);
  });

  it('reject an empty destination path in exclude_destinations', () => {
    const result = FindProvidersRequest.safeParse({ exclude_destinations: [[]] });
    expect(result.error?.issues[0].message).toBe('a destination path needs at least one id');
  });

  it('reject a malformed wallet id and a star count out of range', () => {
    expect(SetPayoutWalletRequest.safeParse({ wallet_id: 'ABC' }).success).toBe(false);
    expect(FeedbackRequest.safeParse({ star_count: 6 }).success).toBe(false);
  });
});
