// A hosted proxy made in the console, as a person does it, and used: the built binary in
// a pseudo-terminal against a `netdeck sim`; Discover's P on a country, enter makes the
// proxy, y copies its HTTP URL with the token, and a request sent through that URL reaches
// the simulator's own API (which its proxies always reach) as a client of the network.
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { binaryHarness, SMALL_SIM } from '../cli/binary-harness.ts';
import { type Session, spawnNetdeck } from './harness.ts';

const binary = binaryHarness();
let session: Session | undefined;
beforeAll(() => binary.setUp(), 120_000);
afterAll(async () => {
  await session?.close();
  binary.killChildren();
  binary.tearDown();
});

/** GET `url` through the HTTP proxy `proxyUrl` (`http://TOKEN@HOST:PORT`, the token as the Basic user name). */
function getThrough(proxyUrl: string, url: string): Promise<{ status: number; body: string }> {
  const proxy = new URL(proxyUrl);
  const auth = Buffer.from(`${decodeURIComponent(proxy.username)}:`).toString('base64');
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: proxy.hostname,
        port: proxy.port,
        path: url,
        headers: { 'proxy-authorization': `Basic ${auth}` },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.setTimeout(10_000, () => req.destroy(new Error('the proxy did not answer in 10 s')));
    req.on('error', reject).end();
  });
}

describe('a proxy made in the console', () => {
  it('P on a country, enter makes it, y copies its URL; a request through it reaches the simulator as a client of the network', async () => {
    const sim = await binary.startSim(SMALL_SIM);
    session = await spawnNetdeck({
      cols: 120,
      rows: 40,
      env: { NETDECK_API_URL: sim.url, NETDECK_TOKEN: sim.token },
    });
    const s = session;
    await s.waitFor(/1 Discover \d+/, 15_000);
    await s.keys('P');
    await s.waitFor(/A proxy in .+ \([A-Z]{2}\)/);
    await s.keys('enter');
    await s.waitFor(/✓ Made\. Its URLs carry its token/);
    await s.keys('y');
    await s.waitFor(/Sent to the terminal clipboard \(OSC 52\)/);
    const url = readFileSync(join(s.configHome, 'state', 'netdeck', 'copied.txt'), 'utf8').trim();
    expect(url).toMatch(/^http:\/\/[0-9A-V]{58}@localhost:\d+$/);

    const answer = await getThrough(url, `${sim.url}/my-ip-info`);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body).connected_to_network).toBe(true);

    await s.keys('esc', '8');
    await s.waitFor(/8 Proxies 1/);
    await s.keys('q');
    expect(await s.exited(5_000)).toBe(0);
  });
});
