// Which hosted proxies are the simulator's (their traffic leaves from its machine, not from
// the place they were made for): a loopback host, or the simulator's block `sim`, which is
// all a simulator started with --host 0.0.0.0 shows (its proxies are named after the machine).
import { describe, expect, it } from 'vitest';
import { checkProxy, isSimulatorProxy } from '../../src/store/proxy-answer.ts';

describe('isSimulatorProxy', () => {
  it.each([
    [{ proxy_host: 'localhost', block: 'sim' }, true],
    [{ proxy_host: '127.0.0.1' }, true],
    [{ proxy_host: '[::1]' }, true],
    [{ proxy_host: 'vm', block: 'sim' }, true],
    [{ proxy_host: 'vm' }, false],
    [{ proxy_host: 'fra1.example.net', block: 'g1' }, false],
    [{}, false],
  ])('%j: %s', (proxy, simulator) => {
    expect(isSimulatorProxy(proxy)).toBe(simulator);
  });

  it('checkProxy carries it', () => {
    const proxy = { auth_token: 'A'.repeat(58), http_proxy_url: 'http://vm:8080', proxy_host: 'vm' };
    expect(checkProxy({ ...proxy, block: 'sim' }).simulator).toBe(true);
    expect(checkProxy(proxy).simulator).toBe(false);
  });
});
