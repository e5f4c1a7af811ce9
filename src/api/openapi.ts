/**
 * The API catalogue as an OpenAPI 3.1 document: paths, methods, bearer auth, request and reply
 * schemas (src/api/catalogue.ts, ./replies.ts) and the business codes. Written by
 * `npm run openapi`, served by the mock at /__mock/openapi.json, read by Swagger UI, Prism and
 * code generators. Pure data: no browser or node imports.
 */
import { endpoints, replies, type EndpointName } from './catalogue';
import { envelope, failureEnvelope, LARAVEL } from './replies';

/** Business codes real backends send in production (docs/API.md lists them); HTTP status is 200 for all of them. */
export const businessCodes: Record<number, string> = {
  200: 'success',
  1: 'generic failure or wrong credentials',
  202: 'no such user or no data',
  205: 'wrong password',
  207: 'card limit reached',
  208: 'withdrawal above balance',
  209: 'transfer failed',
  210: 'insufficient balance',
  214: 'withdrawal amount too low',
  215: 'withdrawal amount too high',
  216: 'daily withdrawal count reached',
  251: 'pay password not set',
  401: 'not logged in or token expired',
  409: 'already processed (idempotent repeat)',
  422: 'parameter check failed',
  501: 'insufficient funds when launching a game (data may carry {url})',
  500: 'server error',
};

/** Codes of the Laravel original (its config/errorcode.php; the mock's laravel profile) where they differ from the list above. */
export const laravelCodes: Record<number, string> = {
  202: 'login_pc: no such user',
  203: 'login_pc: wrong password',
  404: 'a route it does not serve (venuelist), HTTP 404',
};

type Schema = Record<string, unknown>;

function queryParameters(payload: Schema): Schema[] {
  const props = (payload.properties ?? {}) as Record<string, Schema>;
  const required = new Set((payload.required ?? []) as string[]);
  return Object.entries(props).map(([name, schema]) => ({ name, in: 'query', required: required.has(name), schema }));
}

export function openApiDocument(version = '0.1.0'): Schema {
  const paths: Record<string, Record<string, Schema>> = {};
  for (const name of Object.keys(endpoints) as EndpointName[]) {
    const def = endpoints[name] as { method: 'GET' | 'POST'; path: string; auth: boolean; payload: Schema; multipart?: boolean; optional?: boolean };
    const op: Schema = {
      operationId: name,
      summary: `${def.method} ${def.path}`,
      ...(def.optional && {
        description: `Optional: a backend may not serve it (HTTP 404); ${LARAVEL} there is no such route. The app then says the load failed and offers a retry.`,
        'x-optional': true,
      }),
      ...(def.auth && { security: [{ bearer: [] }] }),
      responses: {
        200: {
          description: 'The envelope: code 200 with the data below, or another business code (x-business-codes) with a message',
          content: { 'application/json': { schema: { anyOf: [envelope(replies[name] as Schema), failureEnvelope] } } },
        },
        ...(def.optional && { 404: { description: 'Not served by this backend', content: { 'application/json': { schema: failureEnvelope } } } }),
        default: { description: 'Malformed request (404, 405, 413, 415): the same envelope', content: { 'application/json': { schema: failureEnvelope } } },
      },
    };
    if (def.method === 'GET') {
      const params = queryParameters(def.payload);
      if (params.length) op.parameters = params;
    } else if (def.multipart) {
      op.requestBody = {
        required: true,
        content: {
          'multipart/form-data': {
            schema: { type: 'object', properties: { file: { type: 'string', contentMediaType: 'application/octet-stream' } }, required: ['file'] },
          },
        },
      };
    } else {
      op.requestBody = { required: true, content: { 'application/json': { schema: def.payload } } };
    }
    (paths[def.path] ??= {})[def.method.toLowerCase()] = op;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Betting site member API',
      version,
      description:
        'Every reply is {code, message, data} with HTTP 200 for business results; the codes are in x-business-codes. ' +
        'Member calls send Authorization: Bearer <api_token> from login_pc or register. ' +
        'The schemas accept the shapes of every known backend: SPEC.md and the Go rewrite, and the Laravel original ' +
        `(the mock's laravel profile, MOCK_SHAPES=laravel). Where they differ, the field's description starts with "${LARAVEL}" ` +
        '(anyOf / oneOf list the alternatives); x-laravel-codes lists the Laravel original\'s own codes.',
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    servers: [{ url: '/' }],
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    'x-business-codes': businessCodes,
    'x-laravel-codes': laravelCodes,
    paths,
  };
}
