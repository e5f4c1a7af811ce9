/**
 * The catalogue walk: every call of the endpoint catalogue has a handler, answers its method and
 * path with the {code, message, data} envelope, and succeeds with a valid payload.
 */
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { handledNames } from '../../mock-server/routes';
import { endpointNames, endpoints, type EndpointName } from '../../src/api/catalogue';
import { PNG_1PX, call, newApp, sample, tokenFor } from './helpers';
import { SPEC_CALLS } from './spec-calls';

describe('endpoint catalogue', () => {
  it('has a handler for every call and no handler outside it', () => {
    expect([...handledNames()].sort()).toEqual([...endpointNames].sort());
  });

  it('has every call the specification names (method and path), and a call beyond it only when marked beyondSpec', () => {
    // the specification's list, kept by hand (never derived from the catalogue it is held against)
    const named = new Set<string>(SPEC_CALLS);
    expect(named.size, 'a call twice in tests/api/spec-calls.ts').toBe(SPEC_CALLS.length);
    expect(named.size).toBe(52);
    const calls = new Map(endpointNames.map((n) => [`${endpoints[n].method} ${endpoints[n].path}`, n]));
    expect([...named].filter((c) => !calls.has(c)), 'calls of the specification missing from the catalogue').toEqual([]);
    const beyond = (n: EndpointName) => (endpoints[n] as { beyondSpec?: string }).beyondSpec;
    const unmarked = [...calls].filter(([c, n]) => !named.has(c) && !beyond(n)?.trim()).map(([c]) => c);
    expect(unmarked, 'calls the specification does not name, without beyondSpec saying why').toEqual([]);
    const marked = [...calls].filter(([c, n]) => named.has(c) && beyond(n) !== undefined).map(([c]) => c);
    expect(marked, 'calls the specification names, marked beyondSpec').toEqual([]);
  });

  it.each(endpointNames.map((n) => [n] as [EndpointName]))('%s answers its method and path', async (name) => {
    const app = newApp();
    const token = await tokenFor(app);
    const walked = sample(name);
    const res =
      name === 'uploadimg'
        ? await request(app).post('/api/uploadimg').set('Authorization', `Bearer ${token}`).attach('file', PNG_1PX, 'a.png')
        : await call(app, name, walked.payload, token).then((r) => ({ status: r.status, body: r.body, type: 'application/json' }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual(expect.objectContaining({ code: expect.any(Number), message: expect.any(String) }));
    expect(res.body).toHaveProperty('data');
    expect([404, 405, 500]).not.toContain(res.body.code);
    expect({ name, code: res.body.code, message: res.body.message }).toEqual({ name, code: walked.code ?? 200, message: res.body.message });
  });

  it('answers an unknown /api path with a JSON 404, and a wrong method with a JSON 405', async () => {
    const app = newApp();
    const unknown = await request(app).post('/api/no_such_call').send({});
    expect(unknown.status).toBe(404);
    expect(unknown.type).toBe('application/json');
    expect(unknown.body.code).toBe(404);
    expect(unknown.body.message).toMatch(/接口不存在/);
    for (const name of endpointNames) {
      const def = endpoints[name];
      const wrong = def.method === 'GET' ? request(app).post(def.path).send({}) : request(app).get(def.path);
      const res = await wrong;
      expect(res.status, name).toBe(405);
      expect(res.body.code, name).toBe(405);
      expect(res.headers.allow).toBe(def.method);
    }
  });

  it('passes anything outside /api, /__mock and /mock-assets to the next handler', async () => {
    const app = newApp();
    app.use((_req, res) => {
      res.status(200).send('spa');
    });
    const res = await request(app).get('/index.html');
    expect(res.text).toBe('spa');
    const deep = await request(app).get('/some/route?x=1');
    expect(deep.text).toBe('spa');
  });
});

describe('as a connect middleware (the Vite dev server)', () => {
  it('hands requests it does not own back with their own prototypes', async () => {
    const { createServer, IncomingMessage, ServerResponse } = await import('node:http');
    const app = newApp();
    let seen: { req: boolean; res: boolean } | undefined;
    const server = createServer((req, res) => {
      app(req as never, res as never, () => {
        seen = { req: Object.getPrototypeOf(req) === IncomingMessage.prototype, res: Object.getPrototypeOf(res) === ServerResponse.prototype };
        res.end('next');
      });
    });
    const res = await request(server).get('/index.html');
    expect(res.text).toBe('next');
    expect(seen).toEqual({ req: true, res: true });
    const api = await request(server).post('/api/app');
    expect(api.body.code).toBe(200);
  });
});
