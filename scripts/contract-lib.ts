/**
 * The contract runner: calls every endpoint of the catalogue on a backend and checks each reply
 * against the catalogue's reply schema (src/api/catalogue.ts `replies`). Used by
 * scripts/contract.ts (`npm run contract`) and by tests/api/contract.test.ts against the mock.
 *
 * Read-only calls by default. With `write`, the calls that move money or change data run too,
 * in an order that puts the account back where it can: a transfer out and back, the auto-transfer
 * switch and the profile set to what they were, a card bound then deleted, both passwords changed
 * and changed back (logging in again in between), logoff last. A deposit,
 * a withdrawal request, an activity application and a registration cannot be undone: they run only
 * with `write`, with the smallest amounts the server accepts.
 */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { endpoints, replies, type EndpointName } from '../src/api/catalogue';

export interface ContractOptions {
  base: string;
  user?: string;
  password?: string;
  /** the pay password (bindcard, withdraw); the login password when not given */
  payPassword?: string;
  /** also run the calls that move money or change data */
  write?: boolean;
  fetch?: typeof fetch;
}

export interface CallLine {
  name: EndpointName;
  method: string;
  path: string;
  /** business code of the reply; null when there was no JSON envelope */
  code: number | null;
  /** 'conforms' | 'differs' | 'skipped' | 'absent' (an optional call the backend does not serve: HTTP 404) */
  result: 'conforms' | 'differs' | 'skipped' | 'absent';
  problems: string[];
  note?: string;
}

const ajv = new Ajv({ allErrors: true, strict: false, allowUnionTypes: true });
const validators = new Map<EndpointName, ValidateFunction>();

function validatorFor(name: EndpointName): ValidateFunction {
  let v = validators.get(name);
  if (!v) {
    v = ajv.compile(replies[name] as object);
    validators.set(name, v);
  }
  return v;
}

/** JSON pointer /a/0/b as data.a[0].b */
function where(base: string, pointer: string, extra?: string): string {
  const parts = pointer.split('/').filter(Boolean).map((p) => (/^\d+$/.test(p) ? `[${p}]` : `.${p}`));
  return base + parts.join('') + (extra ? `.${extra}` : '');
}

/** ajv errors as short phrases: missing X, extra X, X wrong type (expected T). */
export function describeErrors(errors: ErrorObject[] | null | undefined, base = 'data'): string[] {
  const out = new Set<string>();
  for (const e of errors ?? []) {
    const p = e.params as Record<string, unknown>;
    if (e.keyword === 'required') out.add(`missing ${where(base, e.instancePath, String(p.missingProperty))}`);
    else if (e.keyword === 'additionalProperties') out.add(`extra ${where(base, e.instancePath, String(p.additionalProperty))}`);
    else if (e.keyword === 'type') out.add(`${where(base, e.instancePath)} wrong type (expected ${[p.type].flat().join(' or ')})`);
    else if (e.keyword === 'enum') out.add(`${where(base, e.instancePath)} unexpected value (expected ${(p.allowedValues as unknown[]).join(', ')})`);
    else if (e.keyword === 'anyOf' || e.keyword === 'oneOf') continue; // the branch errors say what is wrong
    else out.add(`${where(base, e.instancePath)} ${e.message ?? e.keyword}`);
  }
  return [...out];
}

/** Check one reply envelope of a call: the data schema on code 200, the envelope otherwise. */
export function checkReply(name: EndpointName, body: unknown): { code: number | null; problems: string[] } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { code: null, problems: ['reply is not a JSON envelope {code, message, data}'] };
  const env = body as Record<string, unknown>;
  const problems: string[] = [];
  for (const key of ['code', 'message']) if (!(key in env)) problems.push(`missing ${key}`);
  for (const key of Object.keys(env)) if (!['code', 'message', 'data'].includes(key)) problems.push(`extra ${key}`);
  if (typeof env.code !== 'number') problems.push('code wrong type (expected integer)');
  if ('message' in env && typeof env.message !== 'string') problems.push('message wrong type (expected string)');
  const code = typeof env.code === 'number' ? env.code : null;
  if (code === 200) {
    if (!('data' in env)) problems.push('missing data');
    else {
      const validate = validatorFor(name);
      if (!validate(env.data)) problems.push(...describeErrors(validate.errors));
    }
  }
  // a failure: the envelope is all there is to check (data is usually null; a 501 launch carries {url})
  return { code, problems: [...new Set(problems)] };
}

type Json = Record<string, unknown>;

interface Ctx {
  token: string | null;
  user: Json | null;
  lines: CallLine[];
}

const first = <T = Json>(list: unknown): T | undefined => (Array.isArray(list) ? (list[0] as T) : undefined);
const pageFirst = <T = Json>(page: unknown): T | undefined => first<T>((page as Json | null)?.data);

/** One run's calls: each checked against the catalogue and written as a line; `rest` skips what is left, saying why. */
interface Caller {
  ctx: Ctx;
  call(name: EndpointName, payload?: Json | FormData, note?: string): Promise<{ code: number | null; data: unknown; message: string }>;
  skip(name: EndpointName, why: string): void;
  rest(why: string): CallLine[];
}

function caller(opts: ContractOptions): Caller {
  const doFetch = opts.fetch ?? fetch;
  const base = opts.base.replace(/\/+$/, '');
  const ctx: Ctx = { token: null, user: null, lines: [] };
  const done = new Set<EndpointName>();

  async function call(name: EndpointName, payload: Json | FormData = {}, note?: string): Promise<{ code: number | null; data: unknown; message: string }> {
    const def = endpoints[name];
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (ctx.token) headers.Authorization = `Bearer ${ctx.token}`;
    let url = base + def.path;
    let body: BodyInit | undefined;
    if (def.method === 'GET') {
      const qs = new URLSearchParams(Object.entries(payload as Json).map(([k, v]) => [k, String(v)])).toString();
      if (qs) url += `?${qs}`;
    } else if (payload instanceof FormData) {
      body = payload;
    } else {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(payload);
    }
    let json: unknown;
    let status: number;
    try {
      const res = await doFetch(url, { method: def.method, headers, body });
      status = res.status;
      json = await res.json().catch(() => undefined);
    } catch (e) {
      ctx.lines.push({ name, method: def.method, path: def.path, code: null, result: 'differs', problems: [`no reply (${(e as Error).message})`], note });
      done.add(name);
      return { code: null, data: null, message: '' };
    }
    if (status === 404) {
      // not served: fine for a call the catalogue marks optional (the app says its load failed), else a missing call
      const env = (json ?? {}) as Json;
      const code = typeof env.code === 'number' ? env.code : null;
      const optional = (def as { optional?: boolean }).optional === true;
      ctx.lines.push({ name, method: def.method, path: def.path, code, result: optional ? 'absent' : 'differs', problems: optional ? [] : ['not served (HTTP 404)'], note });
      done.add(name);
      return { code, data: null, message: typeof env.message === 'string' ? env.message : '' };
    }
    const { code, problems } = json === undefined ? { code: null, problems: [`HTTP ${status} without a JSON body`] } : checkReply(name, json);
    ctx.lines.push({ name, method: def.method, path: def.path, code, result: problems.length ? 'differs' : 'conforms', problems, note });
    done.add(name);
    const env = (json ?? {}) as Json;
    return { code, data: env.data, message: typeof env.message === 'string' ? env.message : '' };
  }

  const skip = (name: EndpointName, why: string) => {
    const def = endpoints[name];
    ctx.lines.push({ name, method: def.method, path: def.path, code: null, result: 'skipped', problems: [], note: why });
    done.add(name);
  };

  const rest = (why: string) => {
    for (const name of Object.keys(endpoints) as EndpointName[]) if (!done.has(name)) skip(name, why);
    return ctx.lines;
  };
  return { ctx, call, skip, rest };
}

/** What a visitor calls (and, with --write, the two calls that file something); the game list for later. */
async function visitorCalls({ call, skip }: Caller, write: boolean) {
  await call('app');
  await call('getVisitUrl');
  const games = await call('gameList', { category: '' });
  await call('bannerList', { type: 2 });
  await call('homenotice');
  await call('getservicerurl');
  await call('activitytype');
  const acts = await call('activitylist', { type: '', page: 1 });
  const act = pageFirst<{ id: number }>(acts.data);
  if (act) await call('activitydeatil', { id: act.id });
  else skip('activitydeatil', 'no activity listed');
  await call('uservip');
  await call('article', { type: 1 });
  await call('noticeList', { page: 1, type: 1 });
  await call('banklist');
  const provider = (games.data as Json[] | undefined)?.find((g) => g.category_id === 'concise');
  await call('gamelistBycode', { gamecode: String(provider?.platform_name ?? 'pg') });

  if (write) {
    const name = `ct${Date.now().toString(36).slice(-6)}`;
    await call('register', { name, password: 'ct1234', confirmPass: 'ct1234', realname: '测试', paypassword: '123456', code: '' }, `new member ${name}`);
    await call('applyagentdo', { mobile: '13900000000', apply_info: 'contract check' });
  } else {
    skip('register', 'creates an account: only with --write');
    skip('applyagentdo', 'files an application: only with --write');
  }

  return { games, act };
}

/** What a member reads; the lists the writes start from. */
async function memberReads({ ctx, call }: Caller) {
  const me = await call('user');
  ctx.user = (me.data as Json | null) ?? null;
  await call('balance');
  await call('refreshusermoney');
  const venues = await call('balancelist');
  await call('getAgentLoginUrl');
  await call('userredpacket');
  await call('redpacket', { page: 1 });
  await call('activityApplyLog', { page: 1 });
  await call('getfanshui', { date: 4, page: 1, api_type: '', type: '' });
  const cards = await call('getcard', { type: 1 });
  const usdtCards = await call('getcard', { type: 2 });
  await call('betrecord', { date: 4, page: 1, api_type: '', game_type: '' });
  await call('venuelist', { date: 4, page: 1, api_type: '' });
  const deposits = await call('gettransrecord', { date: 4, type: 1, page: 1, api_type: '' });
  await call('getPayRange', { type: 'bank' });
  await call('get_pay_way');
  await call('getpaybank');
  await call('getBetAmount');
  const deposit = pageFirst<{ out_trade_no: string }>(deposits.data);

  return { venues, cards, usdtCards, deposit };
}

/** The member's writes, each undone where it can be (the passwords: passwordRoundTrips). */
async function memberWrites({ ctx, call, skip }: Caller, opts: ContractOptions, seen: Awaited<ReturnType<typeof visitorCalls>> & Awaited<ReturnType<typeof memberReads>>) {
  const { games, act, venues, cards, usdtCards, deposit } = seen;
  const u = ctx.user ?? {};
  const venue = first<{ platname: string }>(venues.data)?.platname ?? 'ag';
  const t1 = await call('transfer', { amount: 1, sourcetype: 'userbalance', targettype: venue }, `1 to ${venue}`);
  if (t1.code === 200) await call('transfer', { amount: 1, sourcetype: venue, targettype: 'userbalance' }, `1 back from ${venue}`);
  await call('transall');
  await call('uptransferstatus', { transferstatus: u.transferstatus === 1 ? 1 : 0 }, 'set to what it was');
  await call('updateuserinfo', { email: String(u.email ?? ''), mobile: String(u.mobile ?? ''), birthday: String(u.birthday ?? '') }, 'set to what it was');
  const payPass = opts.payPassword ?? opts.password;
  const b58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
  const address = 'T' + Array.from({ length: 33 }, () => b58[Math.floor(Math.random() * b58.length)]).join('');
  const bound = await call('bindcard', { bank: 'USDT', bank_owner: 'TRC20', bank_no: address, bank_address: '', pay_pass: payPass }, 'a TRC20 address bound, then deleted');
  if (bound.code === 200) {
    const after = await call('getcard', { type: 2 });
    const before = new Set(((usdtCards.data as Json[] | null) ?? []).map((c) => c.id));
    const added = ((after.data as Json[] | null) ?? []).find((c) => !before.has(c.id) && c.bank_no === address);
    if (added) await call('delcard', { id: Number(added.id) });
    else skip('delcard', 'the bound card was not found again');
  } else skip('delcard', 'no card was bound');
  const rc = await call('recharge', { paytype: 'alipay', amount: 100 }, 'a pending deposit of 100 (cannot be undone)');
  const no = rc.code === 200 ? rc.message : deposit?.out_trade_no;
  if (no) {
    await call('payinfo', { deposit_no: no });
    await call('paycode', { deposit_no: no, pay_code: '00000000', pay_name: '测试' });
  } else {
    skip('payinfo', 'no deposit');
    skip('paycode', 'no deposit');
  }
  const card = first<{ id: number }>(cards.data);
  // an amount far above any balance: the reply (208 or a limit code) is checked, nothing is withdrawn
  if (card) await call('withdraw', { amount: 99999999, bank: card.id, password: payPass }, 'refused amount: nothing withdrawn');
  else skip('withdraw', 'no bank card');
  await call('douserredpacket', {}, 'claims a red packet if one is due');
  await call('dofanshui', {}, 'claims the pending rebate if any');
  if (act) await call('doactivityapply', { activityid: act.id });
  else skip('doactivityapply', 'no activity');
  const form = new FormData();
  form.append('file', new Blob([Uint8Array.from(atob('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7'), (c) => c.charCodeAt(0))], { type: 'image/gif' }), 'a.gif');
  await call('uploadimg', form, 'a 1-pixel gif (not set as avatar)');
  const launchable = (games.data as Json[] | undefined)?.find((g) => g.app_state === 1);
  if (launchable) {
    await call('getGameUrl', { plat_name: String(launchable.platform_name), game_type: String(launchable.game_code ?? 0), game_code: '', is_mobile_url: 1 }, 'may move money to the venue (auto-transfer)');
  } else skip('getGameUrl', 'no game platform');
}

/** The pay password and then the login password, each changed and changed back (a login between). */
async function passwordRoundTrips({ ctx, call }: Caller, opts: ContractOptions & { user: string; password: string }) {
  const payPass = opts.payPassword ?? opts.password;
  // the pay password, changed and changed back
  const tempPay = payPass === '135790' ? '246801' : '135790';
  const pay1 = await call('editPayPassword', { password: payPass, paypassword: tempPay }, `to ${tempPay}, then back`);
  if (pay1.code === 200) {
    const back = await call('editPayPassword', { password: tempPay, paypassword: payPass }, 'back to what it was');
    if (back.code !== 200) ctx.lines[ctx.lines.length - 1].note = `NOT restored: the pay password is now ${tempPay}`;
  }
  // the login password last but one: a change may end the session, so log in again to change it back
  const loginPass = opts.password;
  const tempLogin = `${loginPass.slice(0, 28)}Ct9z`;
  const pw1 = await call('editPassword', { password: loginPass, paypassword: tempLogin }, `to ${tempLogin}, then back`);
  if (pw1.code === 200) {
    const again = await call('login_pc', { name: opts.user, password: tempLogin, code: '' }, 'with the temporary password');
    const t2 = (again.data as Json | null)?.api_token;
    if (typeof t2 === 'string') ctx.token = t2;
    const back = await call('editPassword', { password: tempLogin, paypassword: loginPass }, 'back to what it was');
    if (back.code !== 200) ctx.lines[ctx.lines.length - 1].note = `NOT restored: the password is now ${tempLogin}`;
    const relog = await call('login_pc', { name: opts.user, password: loginPass, code: '' }, 'with the password again');
    const t3 = (relog.data as Json | null)?.api_token;
    if (typeof t3 === 'string') ctx.token = t3;
  }
}

export async function runContract(opts: ContractOptions): Promise<CallLine[]> {
  const c = caller(opts);
  const { call, skip, ctx } = c;
  const { games, act } = await visitorCalls(c, !!opts.write);
  if (!opts.user || !opts.password) return c.rest('member call: give --user and --password');

  const login = await call('login_pc', { name: opts.user, password: opts.password, code: '' });
  const token = (login.data as Json | null)?.api_token;
  if (login.code !== 200 || typeof token !== 'string') return c.rest(`login failed (${login.code}): ${login.message}`);
  ctx.token = token;

  const read = await memberReads(c);
  if (!opts.write) {
    if (read.deposit) await call('payinfo', { deposit_no: read.deposit.out_trade_no });
    else skip('payinfo', 'no deposit in the records: run with --write to make one');
    return c.rest('changes data: only with --write');
  }
  await memberWrites(c, opts, { games, act, ...read });
  await passwordRoundTrips(c, { ...opts, user: opts.user, password: opts.password });
  await call('logoff', {}, 'last: ends the session');
  return c.rest('not called');
}

export function formatLine(l: CallLine): string {
  const head = `${l.method.padEnd(4)} ${l.path.padEnd(26)}`;
  const code = l.code === null ? '' : ` (code ${l.code})`;
  const note = l.note ? `  [${l.note}]` : '';
  if (l.result === 'skipped') return `-  ${head} skipped${note}`;
  if (l.result === 'absent') return `~  ${head} not served (HTTP 404): optional, the app says the call failed and goes on${note}`;
  if (l.result === 'conforms') return `ok ${head} conforms${code}${note}`;
  return `XX ${head} ${l.problems.join('; ')}${code}${note}`;
}

/** checked: calls whose reply was checked; absent: optional calls the backend does not serve (not failures). */
export function summary(lines: CallLine[]): { checked: number; conforming: number; skipped: number; absent: number } {
  const checked = lines.filter((l) => l.result === 'conforms' || l.result === 'differs').length;
  const absent = lines.filter((l) => l.result === 'absent').length;
  return { checked, conforming: lines.filter((l) => l.result === 'conforms').length, skipped: lines.length - checked - absent, absent };
}
