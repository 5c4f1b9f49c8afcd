// The OpenAPI document generated from the endpoint table: exactly the 11 operations,
// each with its schemas, valid OpenAPI 3.1, and the committed openapi.json up to date.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { endpoints, operationNames } from '../../src/contract/endpoints.ts';
import { ERA_CONTRACTS } from '../../src/contract/eras.ts';
import { openApiDocument } from '../../src/contract/openapi.ts';

interface Operation {
  operationId: string;
  security: unknown[];
  requestBody?: { content: { 'application/json': { schema: Record<string, unknown> } } };
  responses: Record<string, { content: Record<string, { schema: Record<string, unknown> }> }>;
}

const root = join(import.meta.dirname, '..', '..');
const doc = openApiDocument();
const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, operation]) => ({ path, method, ...(operation as Operation) })),
);

describe('openApiDocument', () => {
  it('lists every operation of the endpoint table, those the era lacks marked deprecated', () => {
    expect(operations).toHaveLength(operationNames.length);
    const removed = operations
      .filter((o) => (o as { deprecated?: boolean }).deprecated)
      .map((o) => o.operationId);
    expect(removed).toEqual(['findLocations']);
    const seed = openApiDocument(undefined, 'seed');
    const seedRemoved = Object.values(seed.paths).flatMap((methods) =>
      Object.values(methods).filter((o) => (o as { deprecated?: boolean }).deprecated),
    );
    expect(seedRemoved.map((o) => (o as Operation).operationId).sort()).toEqual(
      [...ERA_CONTRACTS.seed.lacks].sort(),
    );
    expect(seedRemoved.map((o) => (o as Operation).operationId)).toEqual(
      expect.arrayContaining([
        'authRefresh',
        'setDeviceName',
        'apiKeys',
        'blockLocation',
        'providersMap',
        'removeClients',
        'leaderboard',
      ]),
    );
    const listed = operations.map((o) => `${o.method.toUpperCase()} ${o.path} ${o.operationId}`).sort();
    const expected = operationNames.map((n) => `${endpoints[n].method} ${endpoints[n].path} ${n}`).sort();
    expect(listed).toEqual(expected);
  });

  it('gives every operation its request schema (POSTs) and its 200 response schema', () => {
    for (const o of operations) {
      const endpoint = endpoints[o.operationId as keyof typeof endpoints];
      const response = o.responses['200'].content['application/json'].schema;
      expect(response.type, o.operationId).toBe('object');
      // Every response but the empty ones of setPayoutWallet, setRankingVisibility and
      // authPasswordSet names its fields; the providers map is a map of maps (country code,
      // region name).
      if (o.operationId === 'providersMap') {
        expect(response.additionalProperties, o.operationId).toBeDefined();
      } else if (!['setPayoutWallet', 'setRankingVisibility', 'authPasswordSet'].includes(o.operationId)) {
        expect(Object.keys(response.properties ?? {}), o.operationId).not.toHaveLength(0);
      }
      // The one POST whose body the service never reads (a WrapRequireAuth handler) has none.
      if (endpoint.method === 'POST' && o.operationId !== 'networkDelete') {
        expect(o.requestBody?.content['application/json'].schema.type, o.operationId).toBe('object');
      } else {
        expect(o.requestBody, o.operationId).toBeUndefined();
      }
      // Bearer security exactly on operations 3-9, with its 401.
      expect(o.security.length > 0, o.operationId).toBe(endpoint.auth);
      expect('401' in o.responses, o.operationId).toBe(endpoint.auth);
    }
  });

  it('describes fields a user relies on', () => {
    const find = operations.find((o) => o.operationId === 'findProviders');
    const request = find?.requestBody?.content['application/json'].schema.properties as Record<
      string,
      unknown
    >;
    expect(Object.keys(request)).toEqual(
      expect.arrayContaining(['specs', 'count', 'exclude_client_ids', 'exclude_destinations']),
    );
    const response = find?.responses['200'].content['application/json'].schema as {
      properties: { providers: { anyOf?: unknown[] } };
    };
    expect(JSON.stringify(response.properties.providers)).toContain('estimated_bytes_per_second');
  });

  it('validates as OpenAPI 3.1', async () => {
    const validator = new Validator();
    const result = await validator.validate(doc);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('is checked by a validator that does reject a broken document', async () => {
    const broken = structuredClone(doc) as { paths: Record<string, Record<string, { responses: unknown }>> };
    broken.paths['/stats/last-90'].get.responses = 'none';
    expect((await new Validator().validate(broken)).valid).toBe(false);
  });
});

describe('npm run openapi', () => {
  it('writes the document, and the committed openapi.json matches it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'netdeck-openapi-'));
    try {
      const out = join(dir, 'openapi.json');
      await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/openapi.ts', out], {
        cwd: root,
      });
      const written = JSON.parse(readFileSync(out, 'utf8'));
      expect(written).toEqual(JSON.parse(JSON.stringify(doc)));
      const committed = JSON.parse(readFileSync(join(root, 'openapi.json'), 'utf8'));
      expect(committed, 'openapi.json is stale: run npm run openapi').toEqual(written);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
