/** The Chinese of check:config's words for the problems of schema (src/config/words/schema.ts). */
import type { FullWidthKind, schemaWords, Shown, Unquoted } from '../../../src/config/words/schema.ts';
import { SCHEMA_HELP_ZH } from '../schema-help-zh';
import { knownZh, listZh, nearZh, type Zh } from './common.ts';

/** `，实际是 "x"` after what was expected, when a value was found */
const foundZh = (found: string | undefined): string => (found === undefined ? '' : `，实际是 ${found}`);

/** what to write instead of a number or true/false in quotes */
const unquotedZh = (u: Unquoted | undefined): string =>
  u === undefined ? '' : u.kind === 'number' ? `：请写 ${u.value}（数字，不加引号）` : `：请写 ${u.value}（不加引号）`;

/** JSON Schema's type names in an operator's words */
const TYPE_ZH: Record<string, string> = {
  string: '文本',
  number: '数字',
  integer: '整数',
  boolean: 'true 或 false',
  object: '对象 {…}',
  array: '列表 […]',
  null: 'null',
};
const typeZh = (types: readonly string[]): string => types.map((t) => TYPE_ZH[t] ?? t).join('或');

/** names listed as check:config lists them: sorted, at most 40 */
const FULL_WIDTH_ZH: Record<FullWidthKind, string> = {
  comma: '全角逗号',
  colon: '全角冒号',
  quote: '全角引号',
  brace: '全角花括号',
  bracket: '全角方括号',
  semicolon: '全角分号',
  space: '全角空格',
};
const fullWidthFixZh = (kind: FullWidthKind, ascii: string): string =>
  kind === 'semicolon' ? '条目之间请写半角逗号 ,' : kind === 'space' ? '请改成普通空格' : `请改成半角的 ${ascii}`;

/** what a syntax error found: a token of the text, or the end of the file */
const shownZh = (s: Shown): string => s ?? '文件末尾';

export const schemaZh: Zh<typeof schemaWords> = {
  wrongType: (p) => `应为${typeZh(p.types)}${foundZh(p.found)}${unquotedZh(p.unquoted)}`,
  missingProperty: (p) => `缺少必填属性“${p.name}”`,
  misspeltRequiredKey: (p) => `未知的键“${p.key}”；是不是想写“${p.missing}”？（缺少“${p.missing}”）`,
  unknownProperty: (p) =>
    `未知属性“${p.name}”（应为以下之一：${knownZh(p.known, '无')}）${p.renamed !== undefined ? `；它现在叫“${p.renamed}”` : nearZh(p.near)}${p.switchOff ? '；要关闭它，请写 "when": false' : ''}`,
  htmlUnderscoreValue: (p) => `应为以下之一：${p.allowed.join('、')}${foundZh(p.found)}：请写“${p.write}”，不要加 HTML 写法的下划线${p.what ? `（说明：${SCHEMA_HELP_ZH[p.what] ?? p.what}）` : ''}`,
  notAllowedValue: (p) => `应为以下之一：${p.allowed.join('、')}${foundZh(p.found)}${nearZh(p.near)}`,
  notConstValue: (p) => `应为 ${p.value}${foundZh(p.found)}`,
  patternMismatch: (p) => `应为符合格式 ${p.pattern} 的文本${foundZh(p.found)}`,
  belowMinimum: (p) => `应为不小于 ${p.limit} 的数字${foundZh(p.found)}`,
  aboveMaximum: (p) => `应为不大于 ${p.limit} 的数字${foundZh(p.found)}`,
  notAboveMinimum: (p) => `应为大于 ${p.limit} 的数字${foundZh(p.found)}`,
  notBelowMaximum: (p) => `应为小于 ${p.limit} 的数字${foundZh(p.found)}`,
  textTooShort: (p) => `应为至少 ${p.limit} 个字符的文本${foundZh(p.found)}`,
  textTooLong: (p) => `应为最多 ${p.limit} 个字符的文本${foundZh(p.found)}`,
  tooFewEntries: (p) => `应至少有 ${p.limit} 项`,
  tooManyEntries: (p) => `应最多有 ${p.limit} 项`,
  badPropertyName: () => '有一个属性名的格式不对',
  unknownVariantType: (p) => `未知的类型 ${p.value}（应为以下之一：${knownZh(p.known)}）${nearZh(p.near)}`,
  missingVariantTag: (p) => `缺少“${p.tag}”`,
  numberOrBindingExpected: (p) => `应为数字或绑定 {{…}}${foundZh(p.found)}${unquotedZh(p.unquoted)}`,
  schemaRuleBroken: (p) => (p.ajv === null ? '值不符合要求' : `值不符合要求（${p.ajv}）`),
  widgetPropsProblem: (p, zh) => `组件 ${p.widget}：${zh(p.detail)}`,
  propsSchemaBroken: (p) => `组件 ${p.widget} 的属性定义无法编译：${p.error}`,
  itemsFromNotProp: (p) => `itemsFrom 指定的“${p.itemsFrom}”不是该组件的属性（应为以下之一：${listZh(p.props)}）${nearZh(p.near)}`,

  notValidJson: (p, zh) => `不是有效的 JSON：${zh(p.detail)}`,
  notValidJsonError: (p) => `不是有效的 JSON：${p.error}`,
  fullWidthPunctuation: (p) => `引号外有${FULL_WIDTH_ZH[p.kind]}“${p.char}”：${fullWidthFixZh(p.kind, p.ascii)}（只有 "…" 内的文本可以用全角标点）`,
  trailingComma: (p) => `最后一项后面多了逗号：请删掉这个 ","（JSON 不允许在 "${p.close}" 前有逗号）`,
  singleQuotedText: () => '文本用了单引号：请改用双引号 "…"',
  propertyNameExpected: (p) => `应为双引号括起的属性名（如 "name"），实际是 ${shownZh(p.found)}`,
  valueExpected: (p) => `应为一个值（双引号括起的文本、数字、true、false、null、{…} 或 […]），实际是 ${shownZh(p.found)}`,
  commaMissing: (p) => `缺少逗号：请在此处（${shownZh(p.next)} 之前那一项的后面）加上 ","`,
  colonExpected: (p) => `属性名后应为 ":"，实际是 ${shownZh(p.found)}`,
  objectNotClosed: () => '文件在一个对象内结束了：缺少 "}"',
  commaOrBraceExpected: (p) => `应为 "," 或 "}"，实际是 ${shownZh(p.found)}`,
  listNotClosed: () => '文件在一个列表内结束了：缺少 "]"',
  commaOrBracketExpected: (p) => `应为 "," 或 "]"，实际是 ${shownZh(p.found)}`,
  textAfterJson: (p) => `JSON 在 ${shownZh(p.found)} 之前就已结束：请删掉它（是不是多写了 "}" 或 "]"？）`,
  textNotClosed: () => '有一段文本没有结束：末尾缺少 "',
  lineBreakInText: () => '文本中有换行或制表符：请改写成 \\n（或 \\t），或把这几行合成一行',
  unknownEscape: () => '文本中 "\\" 后面是未知的转义：反斜杠本身请写 \\\\',
  badUnicodeEscape: () => '\\u 转义后面需要四位十六进制数字',
  commentInJson: () => 'JSON 中不能写注释：请删掉它（可以写一个 "description" 属性来说明）',
  badNumber: (p) => `数字的写法不符合 JSON 要求（只用数字、最多一个 "."、前面不加 +），实际是 ${shownZh(p.found)}`,
  unexpectedInJson: (p) => `此处不应出现 ${shownZh(p.found)}`,
  jsonParseFailed: (p) => `格式有误（${p.error}）`,
};
