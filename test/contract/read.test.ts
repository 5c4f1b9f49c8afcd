// readAs: how every answer of the service is parsed (null means absent).
import { describe, expect, it } from 'vitest';
import { DeviceAssociations, LocationResult, NetworkStats, readAs } from '../../src/contract/schemas.ts';

describe('readAs', () => {
  it('reads null as absent at any depth, in arrays and in unknown fields', () => {
    const parsed = readAs(LocationResult, {
      groups: null,
      locations: [{ name: 'Berlin', provider_count: null, extra: null, nested: { deep: null, kept: 1 } }],
    });
    expect(parsed.success).toBe(true);
    const data = parsed.data!;
    expect('groups' in data).toBe(false);
    expect(data.locations?.[0]).toEqual({ name: 'Berlin', nested: { kept: 1 } });
  });

  it('still rejects a wrong type, naming its path', () => {
    const parsed = readAs(DeviceAssociations, { incoming_shared_devices: [{ pending: 'yes' }] });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0].path).toEqual(['incoming_shared_devices', 0, 'pending']);
  });

  it('keeps null elements of an array an error, as before', () => {
    expect(readAs(LocationResult, { locations: [null] }).success).toBe(false);
  });

  it('leaves the schemas themselves accepting null (the OpenAPI document says fields may be null)', () => {
    expect(NetworkStats.safeParse({ providers_data: null }).success).toBe(true);
  });
});
