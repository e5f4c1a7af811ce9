/**
 * Bad input, call by call: malformed JSON, non-object bodies, each field mistyped, required fields
 * missing, oversized bodies. Every reply is JSON with a non-200 code and a Chinese message, never
 * a 5xx or an HTML page, and the server still answers afterwards.
 */
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { endpointNames, endpoints, type EndpointName } from '../../src/api/catalogue';
import { liveMember, sample } from './helpers';

const live = liveMember();

interface PropSchema {
  type?: string | string[];
  enum?: unknown[];
  maxLength?: number;
}
const propsOf = (name: EndpointName): Record<string, PropSchema> =>
  ((endpoints[name].payload as { properties?: Record<string, PropSchema> }).properties ?? {}) as Record<string, PropSchema>;
const requiredOf = (name: EndpointName): string[] => ((endpoints[name].payload as { required?: string[] }).required ?? []) as string[];

/** Values of the wrong type for a field (none of which ajv can coerce into a valid one). */
function wrongValues(schema: PropSchema): unknown[] {
  const types = ([] as string[]).concat(schema.type ?? []);
  const out: unknown[] = [{ nested: { deep: 1 } }, [1, 2], true];
  if (!types.includes('string')) out.push('abc', '1e999x');
  if (types.includes('integer') && !types.includes('string')) out.push(1.5);
  if (schema.enum) out.push(typeof schema.enum[0] === 'string' ? 'not-in-enum' : 987654);
  if (schema.maxLength !== undefined) out.push('长'.repeat(schema.maxLength + 1));
  return out;
}

function send(name: EndpointName) {
  const def = endpoints[name];
  const r = def.method === 'GET' ? request(live.server).get(def.path) : request(live.server).post(def.path);
  return r.set('Authorization', `Bearer ${live.token}`);
}

/** Every bad reply: JSON envelope, non-200 code, Chinese message, never 5xx. */
function expectRefused(res: request.Response, label: string): void {
  expect(res.status, label).toBeLessThan(500);
  expect(res.type, label).toBe('application/json');
  expect(res.body.code, label).not.toBe(200);
  expect(res.body.message, label).toMatch(/[\u4e00-\u9fa5]/);
  expect(res.body.data, label).toBeNull();
}

async function expectAlive(): Promise<void> {
  const res = await request(live.server).post('/api/app').send({});
  expect(res.body.code).toBe(200);
}

const calls = endpointNames.map((n) => [n] as [EndpointName]);

describe.each(calls)('%s with bad input', (name) => {
  const def = endpoints[name];

  it('malformed JSON: 400', async () => {
    const res = await send(name).set('Content-Type', 'application/json').send('{"page": 1,');
    expectRefused(res, 'malformed');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(400);
    await expectAlive();
  });

  it('a JSON body that is not an object', async () => {
    for (const body of ['[1,2,3]', '"text"', '42', 'null']) {
      const res = await send(name).set('Content-Type', 'application/json').send(body);
      if (def.method === 'GET' && body === '[1,2,3]') continue; // GET reads its query, not the body
      expectRefused(res, body);
    }
    await expectAlive();
  });

  it('each field mistyped: 422 naming the field', async () => {
    const props = propsOf(name);
    const base = sample(name).payload as Record<string, unknown>;
    for (const [field, schema] of Object.entries(props)) {
      for (const wrong of wrongValues(schema)) {
        const payload = { ...base, [field]: wrong };
        const res = def.method === 'GET' ? await send(name).query({ [field]: Array.isArray(wrong) ? wrong.map(String) : JSON.stringify(wrong) }) : await send(name).send(payload);
        const label = `${field}=${JSON.stringify(wrong).slice(0, 40)}`;
        if (def.method === 'GET' && !Array.isArray(wrong) && (schema.type === 'string' || schema.type?.includes('string'))) {
          // a query string is always text: only length and arrays can be wrong
          if (typeof wrong !== 'string') continue;
        }
        expectRefused(res, label);
        expect(res.body.code, label).toBe(422);
        expect(res.body.message, label).toContain(`(${field})`);
      }
    }
    await expectAlive();
  });

  it('required fields missing: 422 naming the field', async () => {
    const base = sample(name).payload as Record<string, unknown>;
    for (const field of requiredOf(name)) {
      const rest = { ...base };
      delete rest[field];
      const res = await send(name).send(rest);
      expectRefused(res, field);
      expect(res.body.code).toBe(422);
      expect(res.body.message).toContain(`缺少`);
      expect(res.body.message).toContain(`(${field})`);
    }
    if (requiredOf(name).length) expect((await send(name).send({})).body.code).toBe(422);
    await expectAlive();
  });

  it('a body that is neither JSON nor (for an upload) multipart: JSON 415', async () => {
    if (def.method === 'GET') return;
    for (const [type, body] of [['application/x-www-form-urlencoded', 'page=1'], ['text/plain', '{"page":1}']]) {
      const res = await send(name).set('Content-Type', type).send(body);
      expectRefused(res, type);
      expect(res.status, type).toBe(415);
      expect(res.body.code, type).toBe(415);
    }
  });

  it('a body over the limit: 413', async () => {
    const huge = { ...(sample(name).payload as object), filler: 'x'.repeat(100 * 1024) };
    const res = await send(name).send(huge);
    expectRefused(res, 'huge');
    expect(res.status).toBe(413);
    await expectAlive();
  });
});

describe('other bad requests', () => {
  it('an unsupported charset is 415, a broken multipart is 4xx, unknown paths 404 — all JSON', async () => {
    const charset = await request(live.server).post('/api/app').set('Content-Type', 'application/json; charset=latin1').send('{}');
    expectRefused(charset, 'charset');
    expect(charset.status).toBe(415);
    const multipart = await request(live.server)
      .post('/api/uploadimg')
      .set('Authorization', `Bearer ${live.token}`)
      .set('Content-Type', 'multipart/form-data; boundary=XYZ')
      .send('--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc');
    expectRefused(multipart, 'multipart');
    const files = await request(live.server).post('/api/balance').set('Authorization', `Bearer ${live.token}`).attach('file', Buffer.from('x'), 'x.png');
    expectRefused(files, 'file on a non-upload call');
    for (const path of ['/api', '/api/', '/api/app/', '/api/../etc/passwd', '/api/%E0%A4%A']) {
      const res = await request(live.server).post(path).send({});
      expectRefused(res, path);
    }
    await expectAlive();
  });

  it('keys like __proto__ do nothing', async () => {
    const res = await request(live.server).post('/api/login_pc').set('Content-Type', 'application/json').send('{"__proto__":{"admin":true},"name":"demo01","password":"demo123"}');
    expect(res.body.code).toBe(200);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it('the server is still listening', () => {
    expect((live.server.address() as AddressInfo).port).toBeGreaterThan(0);
  });
});
