/**
 * docs/API.md: every call of the endpoint catalogue (src/api/catalogue.ts) with its method, path,
 * whether it needs a member's token, its payload, its reply (src/api/replies.ts) and its notes
 * (a money call, a call a backend may not serve, a call beyond the specification), then the business
 * codes (src/api/openapi.ts). Written from those sources only, so the table cannot drift from them.
 */
import { endpointNames, endpoints, replies, type EndpointName } from '../../src/api/catalogue';
import { businessCodes, laravelCodes } from '../../src/api/openapi';
import { LARAVEL } from '../../src/api/replies';

type S = {
  type?: string | readonly string[];
  description?: string;
  enum?: readonly unknown[];
  items?: S;
  properties?: Record<string, S>;
  required?: readonly string[];
  anyOf?: readonly S[];
  oneOf?: readonly S[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
};

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const types = (s: S) => (Array.isArray(s.type) ? s.type : s.type ? [s.type] : []) as string[];

/** A payload field in a few words: its values, or its kind and bounds. */
function fieldWords(s: S): string {
  if (s.enum) return s.enum.map((v) => JSON.stringify(v)).join(' / ');
  const t = types(s);
  if (t.includes('string') && t.includes('integer')) return `number or text${s.maxLength !== undefined ? ` ≤ ${s.maxLength}` : ''}`;
  if (t[0] === 'string') {
    if (s.minLength && s.maxLength !== undefined) return `text ${s.minLength}–${s.maxLength}`;
    return s.maxLength !== undefined ? `text ≤ ${s.maxLength}` : 'text';
  }
  if (t[0] === 'integer' || t[0] === 'number') {
    const kind = t[0] === 'integer' ? 'whole number' : 'number';
    if (s.minimum !== undefined && s.maximum !== undefined) return `${kind} ${s.minimum}–${s.maximum}`;
    return s.minimum !== undefined ? `${kind} ≥ ${s.minimum}` : kind;
  }
  return t.join(' or ');
}

function payloadWords(name: EndpointName): string {
  const def = endpoints[name] as { payload: S; multipart?: boolean; method: string };
  if (def.multipart) return 'multipart form, the picture in field `file`';
  const required = new Set(def.payload.required ?? []);
  const fields = Object.entries(def.payload.properties ?? {}).map(([k, p]) => `\`${k}\`${required.has(k) ? '*' : ''} (${fieldWords(p)})`);
  if (!fields.length) return 'none';
  return `${def.method === 'GET' ? 'query: ' : ''}${fields.join(', ')}`;
}

const laravelOnly = (s: S) => s.description?.startsWith(LARAVEL) === true;
/** an object or a list (or a choice that has one), whose fields are worth naming inside its parent's */
const structured = (s: S): boolean => Boolean(s.properties) || types(s)[0] === 'array' || (s.anyOf ?? s.oneOf ?? []).some(structured);
const isPage = (s: S) => Boolean(s.properties?.current_page && s.properties.data?.items);

/**
 * A reply shape in a line: `{a, b, c?}`, list of `{…}`, page of `{…}`, `null`. The outermost object is
 * code, the objects inside it plain; fields only the Laravel original sends are counted, not named.
 */
function shapeWords(s: S, depth = 0): string {
  const alts = s.anyOf ?? s.oneOf;
  if (alts && !s.properties) return alts.map((a) => shapeWords(a, depth)).join(' or ');
  const t = types(s);
  if (t.length === 1 && t[0] === 'null') return depth ? 'null' : '`null`';
  if (isPage(s)) return `page of ${shapeWords(s.properties!.data.items!, depth)}`;
  if (t[0] === 'array') return `list of ${s.items ? shapeWords(s.items, depth) : 'values'}`;
  if (s.properties) {
    if (depth > 2) return '{…}';
    const required = new Set(s.required ?? []);
    const entries = Object.entries(s.properties);
    const shown = entries
      .filter(([, p]) => !laravelOnly(p))
      .map(([k, p]) => {
        return `${k}${required.has(k) ? '' : '?'}${structured(p) ? `: ${shapeWords(p, depth + 1)}` : ''}`;
      });
    const extra = entries.length - shown.length;
    const text = `{${shown.join(', ')}}`;
    return depth ? text : `\`${text}\`${extra ? ` (+${extra} field${extra > 1 ? 's' : ''} of the Laravel original)` : ''}`;
  }
  if (t[0] === 'string') return 'text';
  return t.join(' or ') || 'any';
}

function notes(name: EndpointName): string {
  const def = endpoints[name] as { idempotent?: boolean; optional?: boolean; beyondSpec?: string };
  const out: string[] = [];
  if (def.idempotent) out.push('sent once per tap (Idempotency-Key): a repeat gets the first reply');
  if (def.optional) out.push('a backend may not serve it (404): the screen says so');
  if (def.beyondSpec) out.push(`beyond the specification: ${def.beyondSpec}`);
  return out.join('; ');
}

export function apiDoc(): string {
  const rows = endpointNames.map((n) => {
    const def = endpoints[n];
    return `| \`${n}\` | \`${def.method} ${def.path}\` | ${def.auth ? 'yes' : ''} | ${cell(payloadWords(n))} | ${cell(shapeWords(replies[n] as S))} | ${cell(notes(n))} |`;
  });
  const codes = (m: Record<number, string>) => Object.entries(m).map(([code, words]) => `| ${code} | ${cell(words)} |`);
  return [
    '# The API',
    '',
    '<!-- Generated by `npm run gen:types` (scripts/gen/api-doc.ts). Do not edit: `npm run check:config`, the build and `npm test` notice when it is stale. -->',
    '',
    'Every call the app makes, written from the endpoint catalogue (`src/api/catalogue.ts`) and its reply',
    'schemas (`src/api/replies.ts`): the client, the mock server, the contract runner (`npm run contract`) and',
    '`npm run openapi` read the same entries. What the calls are for: [PRODUCT.md](PRODUCT.md#7-the-api). How to add',
    'one: [DEVELOPING.md](DEVELOPING.md#recipe-an-endpoint). How the mock answers them, and how real backends',
    'differ: [mock-server/README.md](../mock-server/README.md#specmd-or-the-real-backend).',
    '',
    'Every call is under `/api`; a POST sends JSON (one sends a multipart form), a GET its fields in the query.',
    'Every reply is `{code, message, data}` with HTTP 200 for business results: code 200 and the `data` below',
    'on success, another code (below) and a message otherwise. A member\'s call (*yes* under token) sends',
    '`Authorization: Bearer <api_token>` from `login_pc` or `register`; without a valid one it is answered 401.',
    '',
    '## The calls',
    '',
    `${endpointNames.length} calls. Payload: * required. Reply: the \`data\` of a success; \`?\` a field a backend may`,
    'leave out; `page of {…}` the paged object `{current_page, data: […], last_page, per_page, total, from?, to?}`.',
    '',
    '| call | method and path | token | payload | reply | notes |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows,
    '',
    '## Business codes',
    '',
    'The `code` of a reply (HTTP 200 for all of them):',
    '',
    '| code | means |',
    '| --- | --- |',
    ...codes(businessCodes),
    '',
    'Where the Laravel original (the mock\'s `laravel` profile) differs:',
    '',
    '| code | means |',
    '| --- | --- |',
    ...codes(laravelCodes),
    '',
  ].join('\n');
}
