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

  it('says where the Laravel original differs: field descriptions, the alternatives, the optional venuelist, its codes', () => {
    const json = JSON.stringify(doc);
    const data = (path: string, method = 'post') =>
      (doc.paths[path][method] as unknown as { responses: { 200: { content: { 'application/json': { schema: { anyOf: { properties: { data: Record<string, unknown> } }[] } } } } } })
        .responses[200].content['application/json'].schema.anyOf[0].properties.data;
    const bet = (data('/api/betrecord') as { properties: { data: { items: { properties: Record<string, { description?: string }>; anyOf: unknown } } } }).properties.data.items;
    expect(bet.properties.bet_time.description).toBe('Laravel original: the time of the bet');
    expect(bet.properties.created_at.description).toMatch(/Laravel original: absent, see bet_time/);
    expect(bet.anyOf).toEqual([{ required: ['created_at'] }, { required: ['bet_time'] }]);
    const status = (data('/api/userredpacket', 'get') as { properties: { redPacketStatus: { oneOf: { description: string }[] } } }).properties.redPacketStatus;
    expect(status.oneOf.map((o) => o.description)).toEqual([expect.stringMatching(/switch/), expect.stringMatching(/^Laravel original:/)]);
    const venue = doc.paths['/api/venuelist'].post as unknown as { 'x-optional': boolean; description: string; responses: Record<string, unknown> };
    expect(venue['x-optional']).toBe(true);
    expect(venue.description).toMatch(/Laravel original: there is no such route/);
    expect(Object.keys(venue.responses)).toContain('404');
    expect((doc as unknown as { 'x-laravel-codes': Record<string, string> })['x-laravel-codes']).toMatchObject({ 202: expect.any(String), 203: expect.any(String) });
    expect(json.match(/Laravel original:/g)!.length).toBeGreaterThan(40);
  });

  it('is served by the mock at /__mock/openapi.json', async () => {
    const res = await request(newApp()).get('/__mock/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body).toEqual(JSON.parse(JSON.stringify(doc)));
  });
});
