// The Host check of a local server (DNS rebinding): its names, with any port or none.
import { describe, expect, it } from 'vitest';
import { hostCheck, hostHeaderName, normalHostName } from '../../src/net/host-check.ts';

describe('hostCheck', () => {
  it('takes the loopback names and the bound address, with any port or none, in any case', () => {
    const own = hostCheck({ bound: '192.168.1.20' });
    for (const host of ['localhost', 'LocalHost:8080', '127.0.0.1:1', '[::1]', '[::1]:9', '192.168.1.20:80'])
      expect(own(host), host).toBe(true);
    // No Host at all is an HTTP/1.0 client's request, never a browser's: answered.
    expect(own(undefined)).toBe(true);
    for (const host of [
      '',
      'evil.example',
      'localhost.evil.example:80',
      '127.0.0.2',
      '[::2]:80',
      'localhost.',
      'a b',
    ])
      expect(own(host), String(host)).toBe(false);
  });

  it('takes the allowed names, and any IP address (no other name) when bound to every interface', () => {
    const own = hostCheck({ bound: '0.0.0.0', allow: ['sim.lan', 'FD00::7'] });
    for (const host of ['sim.lan:8080', 'SIM.LAN', '[fd00::7]:1', '10.1.2.3:80', '[fe80::1]'])
      expect(own(host), host).toBe(true);
    expect(own('rebound.example:80')).toBe(false);
    expect(() => hostCheck({ bound: '127.0.0.1', allow: ['sim.lan:80'] })).toThrow(
      /not a host name or address/,
    );
  });

  it('normalises names: lower case, IPv6 in brackets; a port, a path or a space is no name', () => {
    expect(normalHostName('Sim.LAN')).toBe('sim.lan');
    expect(normalHostName('::1')).toBe('[::1]');
    for (const text of ['sim.lan:80', 'http://sim.lan', 'a b', '', '[nope]'])
      expect(normalHostName(text), text).toBeUndefined();
    expect(hostHeaderName('[::1]:8080')).toBe('[::1]');
    expect(hostHeaderName('Example.org:443')).toBe('example.org');
  });
});
