/**
 * Payload validation against the catalogue's JSON Schemas (ajv, coerceTypes so that form posts
 * and numeric strings work), with Chinese messages that name the field.
 */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { endpoints, type EndpointName } from '../src/api/catalogue';
import { isReservedKey } from '../src/config/json';

const ajv = new Ajv({ coerceTypes: true, allErrors: false, strict: false, allowUnionTypes: true });
const compiled = new Map<EndpointName, ValidateFunction>();

function validatorFor(name: EndpointName): ValidateFunction {
  let v = compiled.get(name);
  if (!v) {
    v = ajv.compile(endpoints[name].payload as object);
    compiled.set(name, v);
  }
  return v;
}

const LABELS: Record<string, string> = {
  name: '用户名',
  password: '密码',
  confirmPass: '确认密码',
  realname: '真实姓名',
  paypassword: '支付密码',
  code: '验证码',
  pid: '推荐人',
  page: '页码',
  pagesize: '每页条数',
  date: '时间范围',
  api_type: '场馆',
  type: '类型',
  game_type: '游戏类型',
  category: '游戏分类',
  id: 'ID',
  activityid: '活动ID',
  plat_name: '游戏平台',
  game_code: '游戏代码',
  is_mobile_url: '移动端标识',
  mobile: '手机号',
  apply_info: '申请理由',
  email: '邮箱',
  birthday: '生日',
  bank: '银行',
  bank_owner: '持卡人姓名',
  bank_no: '卡号',
  bank_address: '开户行地址',
  pay_pass: '支付密码',
  amount: '金额',
  paytype: '支付方式',
  catepay: '钱包协议',
  deposit_no: '订单号',
  pay_code: '红包口令',
  pay_name: '姓名',
  sourcetype: '转出钱包',
  targettype: '转入钱包',
  transferstatus: '免转状态',
  gamecode: '游戏厂商',
};

/** Labels that differ per call (the password calls reuse field names for old and new). */
const CALL_LABELS: Partial<Record<EndpointName, Record<string, string>>> = {
  editPassword: { password: '旧密码', paypassword: '新密码' },
  editPayPassword: { password: '旧支付密码', paypassword: '新支付密码' },
  withdraw: { password: '支付密码', bank: '提现卡片' },
  getcard: { type: '卡片类型' },
  bannerList: { type: '轮播图类型' },
  article: { type: '文章类型' },
  noticeList: { type: '消息类型' },
  gettransrecord: { type: '交易类型' },
  getPayRange: { type: '支付方式' },
};

export function fieldLabel(name: EndpointName, field: string): string {
  const label = CALL_LABELS[name]?.[field] ?? LABELS[field] ?? '参数';
  return `${label}(${field})`;
}

const TYPE_NAMES: Record<string, string> = {
  integer: '整数',
  number: '数字',
  string: '文本',
  boolean: '布尔值',
  object: '对象',
  array: '数组',
};

function describe(name: EndpointName, err: ErrorObject): string {
  if (err.keyword === 'required') {
    return `参数错误：缺少${fieldLabel(name, String(err.params.missingProperty))}`;
  }
  const field = err.instancePath.split('/').filter(Boolean)[0];
  if (!field) return '参数错误：请求体必须是 JSON 对象';
  const label = fieldLabel(name, field);
  const p = err.params as Record<string, unknown>;
  switch (err.keyword) {
    case 'type': {
      const types = ([] as unknown[]).concat(p.type).map((t) => TYPE_NAMES[String(t)] ?? String(t));
      return `参数错误：${label}类型不正确，应为${types.join('或')}`;
    }
    case 'minLength':
      return Number(p.limit) <= 1 ? `参数错误：${label}不能为空` : `参数错误：${label}长度不能少于${p.limit}位`;
    case 'maxLength':
      return `参数错误：${label}长度不能超过${p.limit}位`;
    case 'minimum':
      return `参数错误：${label}不能小于${p.limit}`;
    case 'maximum':
      return `参数错误：${label}不能大于${p.limit}`;
    case 'enum':
      return `参数错误：${label}取值无效，可选值为 ${(p.allowedValues as unknown[]).join('、')}`;
    default:
      return `参数错误：${label}格式不正确`;
  }
}

/** Money fields: a number, or a string of digits with at most 2 decimals (no hex, exponent, sign or padding). */
const MONEY_FIELDS = new Set(['amount']);
const PLAIN_MONEY = /^(0|[1-9]\d*)(\.\d{1,2})?$/;
const PLAIN_INTEGER = /^(0|[1-9]\d*)$/;
const PLAIN_NUMBER = /^(0|[1-9]\d*)(\.\d+)?$/;

/**
 * A numeric field sent as text must be plain decimal digits: ajv's coercion would take "0x64",
 * "1e2" or " 100 " for 100. A money field also keeps at most two decimals as a number.
 */
function plainNumberProblem(name: EndpointName, key: string, schema: { type?: string | string[] }, value: unknown): string | null {
  const types = ([] as string[]).concat(schema.type ?? []);
  if (types.includes('string') || !(types.includes('number') || types.includes('integer'))) return null;
  const label = fieldLabel(name, key);
  if (MONEY_FIELDS.has(key)) {
    const bad = `参数错误：${label}格式不正确，请输入数字，最多保留两位小数`;
    if (typeof value === 'string') return PLAIN_MONEY.test(value) ? null : bad;
    if (typeof value === 'number') return Number.isFinite(value) && Math.abs(Math.round(value * 100) - value * 100) < 1e-6 && !Object.is(value, -0) ? null : bad;
    return null;
  }
  if (typeof value !== 'string') return null;
  const ok = types.includes('integer') ? PLAIN_INTEGER.test(value) : PLAIN_NUMBER.test(value);
  return ok ? null : `参数错误：${label}类型不正确，应为${types.includes('integer') ? '整数' : '数字'}`;
}

/** Field spellings of real backends, accepted as another name for the catalogue's field (README.md). */
const ALIASES: Partial<Record<EndpointName, Record<string, string>>> = {
  gamelistBycode: { platform_name: 'gamecode' },
};

export type Validation = { ok: true; payload: Record<string, unknown> } | { ok: false; message: string };

/**
 * Check a payload. Booleans are refused outright (ajv would coerce true to 1); null on a field
 * counts as absent, which is how many clients send an empty optional field.
 */
export function validatePayload(name: EndpointName, input: unknown): Validation {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    return { ok: false, message: '参数错误：请求体必须是 JSON 对象' };
  }
  const known = (endpoints[name].payload as { properties?: Record<string, unknown> }).properties ?? {};
  const payload: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (value === null || value === undefined || isReservedKey(key)) continue;
    const schema = Object.hasOwn(known, key) ? (known[key] as { type?: string | string[] }) : undefined;
    if (typeof value === 'boolean' && schema) return { ok: false, message: `参数错误：${fieldLabel(name, key)}类型不正确` };
    const numeric = schema ? plainNumberProblem(name, key, schema, value) : null;
    if (numeric) return { ok: false, message: numeric };
    payload[key] = value;
  }
  for (const [alias, field] of Object.entries(ALIASES[name] ?? {})) {
    if (!(alias in payload)) continue;
    payload[field] ??= payload[alias];
    delete payload[alias];
  }
  const validate = validatorFor(name);
  if (!validate(payload)) {
    const err = validate.errors?.[0];
    return { ok: false, message: err ? describe(name, err) : '参数错误' };
  }
  return { ok: true, payload };
}
