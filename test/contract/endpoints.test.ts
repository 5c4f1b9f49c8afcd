// The request schemas the simulator validates with.
import { describe, expect, it } from 'vitest';
import { FeedbackRequest, FindProvidersRequest, SetPayoutWalletRequest } from '../../src/contract/schemas.ts';

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

  it('read ids as the service does: either case, any dash byte, null for an optional spec id', () => {
    const parsed = FindProvidersRequest.parse({
      specs: [{ location_id: '0B9F4D1E_1C2A-4E8B-9F00-5A6B7C8D9E01', client_id: null }],
      force_minimum: true,
    });
    expect(parsed.specs?.[0]).toEqual({
      location_id: '0b9f4d1e-1c2a-4e8b-9f00-5a6b7c8d9e01',
      client_id: null,
    });
  });

  it('reject a malformed wallet id and a star count that is not a whole number', () => {
    expect(SetPayoutWalletRequest.safeParse({ wallet_id: 'ABC' }).success).toBe(false);
    expect(FeedbackRequest.safeParse({ star_count: 4.5 }).success).toBe(false);
    expect(FeedbackRequest.safeParse({ star_count: 6 }).success).toBe(true);
  });
});
