// The built binary as an MCP server, against one seed-1 simulator on the manual clock (this
// process's, reached through NETDECK_API_URL): over stdio with the SDK's own client (its
// stdout nothing but JSON-RPC), and over --http through the official conformance suite
// (@modelcontextprotocol/conformance, pinned) behind a loopback forwarder that adds the
// bearer token the suite does not send, passing Host and Origin as the suite sent them.
// netdeck adds nothing for the suite: the scenarios that call its fixture tools, prompts or
// resources are listed below as not applicable, each with its reason.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BINARY, cleanEnv, ensureBuilt } from '../e2e/harness.ts';
import { run, type SimFixture, startSimFixture } from './harness.ts';
import { PLAIN_TOOL_COMMANDS } from './mcp-tool-commands.ts';

const CONFORMANCE = join(
  dirname(createRequire(import.meta.url).resolve('@modelcontextprotocol/conformance/package.json')),
  'dist/index.js',
);

/** The suite's scenarios netdeck has nothing for, and why. */
const FIXTURE_TOOL = "calls the suite's own fixture tool";
const FIXTURE_RESOURCE = "reads the suite's own fixture resource";
const FIXTURE_PROMPT = "gets the suite's own fixture prompt";
const NOT_APPLICABLE: Record<string, string> = {
  'completion-complete': `asks completions of the suite's own fixture prompt test_prompt_with_arguments`,
  'tools-call-simple-text': `${FIXTURE_TOOL} test_simple_text`,
  'tools-call-image': `${FIXTURE_TOOL} test_image_content`,
  'tools-call-audio': `${FIXTURE_TOOL} test_audio_content`,
  'tools-call-embedded-resource': `${FIXTURE_TOOL} test_embedded_resource`,
  'tools-call-mixed-content': `${FIXTURE_TOOL} test_multiple_content_types`,
  'tools-call-with-logging': `${FIXTURE_TOOL} test_tool_with_logging`,
  'tools-call-error': `${FIXTURE_TOOL} test_error_handling`,
  'tools-call-with-progress': `${FIXTURE_TOOL} test_tool_with_progress`,
  'tools-call-sampling': `${FIXTURE_TOOL} test_sampling`,
  'tools-call-elicitation': `${FIXTURE_TOOL} test_elicitation`,
  'elicitation-sep1034-defaults': `${FIXTURE_TOOL} test_elicitation_sep1034_defaults`,
  'elicitation-sep1330-enums': `${FIXTURE_TOOL} test_elicitation_sep1330_enums`,
  'resources-read-text': `${FIXTURE_RESOURCE} test://static-text`,
  'resources-read-binary': `${FIXTURE_RESOURCE} test://static-binary`,
  'resources-templates-read': `${FIXTURE_RESOURCE} template test://template/{id}/data`,
  'resources-subscribe': `subscribes to the suite's own fixture resource test://watched-resource`,
  'resources-unsubscribe': `unsubscribes from the suite's own fixture resource test://watched-resource`,
  'prompts-list':
    'lists prompts: netdeck offers none and does not declare the optional prompts capability, so the list is refused as an unknown method',
  'prompts-get-simple': `${FIXTURE_PROMPT} test_simple_prompt`,
  'prompts-get-with-args': `${FIXTURE_PROMPT} test_prompt_with_arguments`,
  'prompts-get-embedded-resource': `${FIXTURE_PROMPT} test_prompt_with_embedded_resource`,
  'prompts-get-with-image': `${FIXTURE_PROMPT} test_prompt_with_image`,
};
/** The scenarios that try netdeck itself: each must pass. */
const APPLICABLE = [
  'server-initialize',
  'logging-set-level',
  'ping',
  'tools-list',
  'server-sse-multiple-streams',
  'resources-list',
  'dns-rebinding-protection',
];

let fx: SimFixture;
let work: string;
let env: Record<string, string>;
const children: ChildProcess[] = [];
beforeAll(async () => {
  await ensureBuilt();
  fx = await startSimFixture({ seed: 1, era: 'current' });
  work = mkdtempSync(join(tmpdir(), 'netdeck-mcp-'));
  env = cleanEnv(work, { NETDECK_API_URL: fx.sim.url, NETDECK_TOKEN: fx.sim.token });
}, 120_000);
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await fx.close();
  rmSync(work, { recursive: true, force: true });
});

const ownProviders = async () =>
  JSON.parse((await run(['stats', 'providers', '--json'], { env: fx.env })).stdout).providers as {
    connected: boolean;
  }[];

describe('netdeck mcp over stdio, the built binary', () => {
  it('answers the SDK’s client, its stdout nothing but JSON-RPC and its notes on stderr', async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [BINARY, 'mcp'],
      env,
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk));
    // A line of stdout that is no JSON-RPC message would be reported here.
    const errors: Error[] = [];
    transport.onerror = (error) => errors.push(error);
    const client = new Client({ name: 'netdeck-test', version: '1.0.0' });
    await client.connect(transport);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toContain('fleet_state');
      expect(tools.map((t) => t.name)).not.toContain('block_countries');
      const fleet = (await client.callTool({ name: 'fleet_state', arguments: {} })).structuredContent;
      const own = await ownProviders();
      expect(fleet).toMatchObject({ providers: own.length, up: own.filter((p) => p.connected).length });
    } finally {
      await client.close();
    }
    expect(errors).toEqual([]);
    expect(stderr).toMatch(/^netdeck: serving .* over stdio, read-only/m);
  });
});

describe('every reading tool over stdio', () => {
  it('answers the records its command prints with --json (the issue asks it over stdio, not only in process)', async () => {
    const transport = new StdioClientTransport({ command: process.execPath, args: [BINARY, 'mcp'], env });
    const client = new Client({ name: 'netdeck-test', version: '1.0.0' });
    await client.connect(transport);
    const json = async (...argv: string[]) =>
      JSON.parse((await run([...argv, '--json'], { env: fx.env })).stdout);
    const byId = (rows: { client_id: string }[]) =>
      [...rows].sort((a, b) => a.client_id.localeCompare(b.client_id));
    const called = new Set<string>();
    const tool = async (name: string, args: Record<string, unknown> = {}) => {
      called.add(name);
      const answer = await client.callTool({ name, arguments: args });
      expect(answer.isError, `${name}: ${JSON.stringify(answer.content)}`).toBeFalsy();
      return answer.structuredContent as Record<string, unknown>;
    };
    try {
      const stats = await json('stats', 'providers');
      const own = stats.providers as { client_id: string; connected: boolean }[];
      expect(await tool('fleet_state')).toMatchObject({ providers: own.length, as_of: stats.created_time });
      const listed = (await tool('providers', { limit: 1000 })).providers as { client_id: string }[];
      expect(byId(listed)).toEqual(byId(own));
      expect(await tool('provider_history', { client_id: own[0].client_id, window: '7d' })).toEqual(
        await json('stats', 'provider', own[0].client_id, '--last', '7d'),
      );
      for (const [name, command] of [
        ...PLAIN_TOOL_COMMANDS,
        ['proxies', ['proxy', 'list']],
        ['blocked_countries', ['blocked']],
      ] as const)
        expect(await tool(name), name).toEqual(await json(...command));
      const places = await tool('search_places', { query: 'ger' });
      expect(places).toEqual(await json('locations', '--query', 'ger'));
      const place = (places.locations as { location_id: string; provider_count: number }[])[0];
      const sample = await tool('sample_providers', { location_id: place.location_id, count: 2 });
      expect((sample.providers as unknown[]).length).toBe(Math.min(2, place.provider_count));
      // Every reading tool the server lists was called above.
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name).sort()).toEqual([...called].sort());
    } finally {
      await client.close();
    }
  });
});

/** `netdeck mcp --http 0 --http-token-file FILE`: its URL once it listens, and the token from the file. */
async function serveHttp(): Promise<{ url: URL; token: string; tokenFile: string }> {
  const tokenFile = join(work, 'mcp-token');
  const child = spawn(process.execPath, [BINARY, 'mcp', '--http', '0', '--http-token-file', tokenFile], {
    env,
  });
  children.push(child);
  let stdout = '';
  const url = await new Promise<URL>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk;
      const listening = /^listening on (\S+)$/m.exec(stdout);
      if (listening) resolve(new URL(listening[1]));
    });
    child.on('exit', (code) => reject(new Error(`netdeck mcp --http exited ${code}: ${stdout}`)));
  });
  expect(stdout).toBe(`listening on ${url.href}\n`);
  return { url, token: readFileSync(tokenFile, 'utf8').trim(), tokenFile };
}

const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: '2025-06-18',
    capabilities: {},
    clientInfo: { name: 'netdeck-test', version: '1' },
  },
});

/** The status of an initialize POSTed to `url` with these headers. */
function initializeStatus(url: URL, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...headers,
        },
      },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', reject);
    req.end(INITIALIZE);
  });
}

/** A loopback server passing each request to `target` with the bearer token added, Host and Origin as sent. */
async function forwarder(target: URL, token: string): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    const upstream = request(
      { host: target.hostname, port: target.port, path: req.url, method: req.method },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    for (const [name, value] of Object.entries(req.headers))
      if (value !== undefined) upstream.setHeader(name, value);
    upstream.setHeader('authorization', `Bearer ${token}`);
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp` };
}

/** Each scenario the suite ran, with its checks' statuses (from the files it writes). */
function scenarioResults(folder: string): Map<string, string[]> {
  const results = new Map<string, string[]>();
  for (const entry of readdirSync(folder)) {
    const scenario = /^server-(.+)-\d{4}-\d\d-\d\dT[\d-]+Z$/.exec(entry)?.[1];
    if (!scenario) continue;
    const checks = JSON.parse(readFileSync(join(folder, entry, 'checks.json'), 'utf8')) as {
      status: string;
    }[];
    results.set(
      scenario,
      checks.map((c) => c.status),
    );
  }
  return results;
}

describe('netdeck mcp --http, the built binary', () => {
  let served: Awaited<ReturnType<typeof serveHttp>>;
  beforeAll(async () => {
    served = await serveHttp();
  });

  it('refuses a request without the token, or from a name not loopback, and writes the token 0600', async () => {
    const { url, token, tokenFile } = served;
    expect(statSync(tokenFile).mode & 0o777).toBe(0o600);
    const bearer = { authorization: `Bearer ${token}` };
    expect(await initializeStatus(url, {})).toBe(401);
    expect(await initializeStatus(url, { authorization: 'Bearer guess' })).toBe(401);
    expect(await initializeStatus(url, { ...bearer, host: 'evil.example.com' })).toBe(403);
    expect(await initializeStatus(url, { ...bearer, origin: 'http://evil.example.com' })).toBe(403);
    expect(
      await initializeStatus(url, { ...bearer, host: 'localhost:1234', origin: 'http://[::1]:99' }),
    ).toBe(200);
  });

  it('passes the conformance suite’s scenarios that try it, the DNS-rebinding one among them', async () => {
    const { url, token } = served;
    const forward = await forwarder(url, token);
    const folder = join(work, 'conformance');
    try {
      await new Promise<void>((resolve) =>
        execFile(process.execPath, [CONFORMANCE, 'server', '--url', forward.url, '-o', folder], () =>
          resolve(),
        ),
      );
    } finally {
      forward.server.close();
    }
    const results = scenarioResults(folder);
    // Every scenario the pinned suite runs is either one that tries netdeck or listed with its reason.
    expect([...results.keys()].sort()).toEqual([...APPLICABLE, ...Object.keys(NOT_APPLICABLE)].sort());
    for (const scenario of APPLICABLE) {
      const statuses = results.get(scenario) ?? [];
      expect(statuses.length, scenario).toBeGreaterThan(0);
      expect(
        statuses.filter((s) => s !== 'SUCCESS' && s !== 'INFO'),
        scenario,
      ).toEqual([]);
    }
  }, 60_000);
});
