/** `npm run openapi` (src/api/openapi.ts): a valid OpenAPI 3.1 document of the whole catalogue, served by the mock. */
import request from 'supertest';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { endpoints, endpointNames } from '../../src/api/catalogue';
import { openApiDocument } from '../../src/api/openapi';
import { newApp } from './helpers';

type Doc = { openapi: string; paths: Record<string, Record<string, { operationId: string; security?: unknown; requestBody?: { content: Record<string, unknown> }; parameters?: { name: string }[] }>> };

describe('OpenAPI 3.1 document of the catalogue', () => {
  const doc = openApiDocument() as unknown as Doc;

  it('validates against the OpenAPI 3.1 schema', async () => {
    const result = await new Validator().validate(openApiDocument());
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.openapi).toBe('3.1.0');
  });

  it('has every call at its path and method, bearer auth on member calls, the payload as body or query', () => {
    for (const name of endpointNames) {
      const def = endpoints[name];
      const op = doc.paths[def.path]?.[def.method.toLowerCase()];
      expect(op?.operationId, name).toBe(name);
      expect(Boolean(op.security), name).toBe(def.auth);
      if (def.method === 'POST') expect(Object.keys(op.requestBody!.content), name).toEqual(['multipart' in def && def.multipart ? 'multipart/form-data' : 'application/json']);
    }
    expect(doc.paths['/api/game/list'].get.parameters!.map((p) => p.name)).toEqual(['category']);
  });

  it('is served by the mock at /__mock/openapi.json', async () => {
    const res = await request(newApp()).get('/__mock/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body).toEqual(JSON.parse(JSON.stringify(doc)));
  });
});
