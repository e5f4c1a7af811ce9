/** The Chinese of check:config's words for the problems of bindings (src/config/words/bindings.ts). */
import type { bindingsWords, LocalRoot, NeededArg, SessionShape } from '../../../src/config/words/bindings.ts';
import { knownZh, listZh, nearZh, type Zh } from './common.ts';

/** the replies every screen may read without a call of its own (SESSION_SHAPE_WORDS in the English table) */
const SESSION_SHAPE_ZH: Record<SessionShape, string> = {
  user: '会员信息（src/api/replies.ts user）',
  appInfo: '站点信息（src/api/replies.ts appInfo）',
  venueBalance: '各场馆余额（src/api/replies.ts venueBalance）',
  game: '游戏列表（src/api/replies.ts game）',
};

/** where a name that is in scope only at some places may be read (LOCAL_WHERE_WORDS in the English table) */
const LOCAL_WHERE_ZH: Record<LocalRoot, string> = {
  item: '在提供列表项的组件内（"Repeat"、"PagedList"、"Tiles"、"Carousel"、"Table"、"BalanceList"、"DataTabs"）',
  index: '在提供列表项的组件内',
  form: '在表单文件或 "Form" 组件的 "footer" 内',
  reply: '在接口调用或表单提交的 "onSuccess"、"onError"、"onNetworkError"、"successToast" 内',
  value: '在 "Switch" 组件的 "onChange" 内',
  file: '在 "AvatarUpload" 组件的上传动作内（即选中的文件）',
  min: '在表单校验规则的 "message" 中',
  max: '在表单校验规则的 "message" 中',
};

const NEEDED_ARG_ZH: Record<NeededArg, string> = { map: '"app.json" 的 "maps" 中的一个名称', path: '一个路径，例如 "const.name"', lookup: '"listPath,key,field"' };

/** "应为以下之一：a、b", or the words for none (`none`) when the list is empty */
const oneOf = (names: string, none = '当前没有可用的名称'): string => (names ? `应为以下之一：${names}` : none);
/** what a call's payload may hold */
const payloadKeysZh = (keys: readonly string[]): string => (keys.length ? `应为以下之一：${listZh(keys)}` : '该接口不接受任何 "payload" 键');

export const bindingsZh: Zh<typeof bindingsWords> = {
  bindingRootOutOfPlace: (p) => `绑定 {{${p.expr}}} 中的“${p.root}”只能${LOCAL_WHERE_ZH[p.root]}使用`,
  unknownBindingRoot: (p) => `绑定 {{${p.expr}}} 的开头“${p.root}”不是可读取的名称（${oneOf(knownZh(p.expected))}）${nearZh(p.near)}`,
  bindingDataSourceUndeclared: (p) =>
    `绑定 {{${p.expr}}} 中的数据源“${p.source}”没有在页面的 "data" 中声明（${oneOf(knownZh(p.expected), '该页面没有声明数据源')}）${nearZh(p.near)}`,
  bindingStateKeyUnknown: (p) =>
    `绑定 {{${p.expr}}} 中的状态键“${p.key}”既没有在页面的 "state" 中声明，也没有被任何动作或组件设置（${oneOf(knownZh(p.expected), '该页面没有状态键')}）${nearZh(p.near)}`,
  unknownMapName: (p) => `"app.json" 的 "maps" 中没有映射“${p.map}”${nearZh(p.near)}`,
  bindingBrandNameUnknown: (p) => `绑定 {{${p.expr}}} 中的“${p.name}”不是品牌的属性（${oneOf(listZh(p.expected))}）${nearZh(p.near)}`,
  unknownConstantPath: (p) => `"app.json" 的 "constants" 中没有常量“${p.constant}”${nearZh(p.near)}`,
  fieldNotInShape: (p, zh) => `${p.place} 中的“${p.field}”不是 ${p.path}（${zh(p.origin)}）的字段（${oneOf(knownZh(p.expected), '它没有任何字段')}）${nearZh(p.near)}`,
  originSession: (p) => SESSION_SHAPE_ZH[p.of],
  originReply: (p) => `接口 ${p.endpoint} 的回复（src/api/replies.ts）`,
  originEither: (p, zh) => p.origins.map(zh).join(' 或 '),
  originEntryOf: (p, zh) => `${p.list} 的一项，${zh(p.origin)}`,
  originPagedRecord: (p, zh) => `分页数据源 ${p.source} 的一条记录，${zh(p.origin)}`,
  originFixedList: (p) => `${p.widget}.${p.prop} 固定列表中的一项`,
  unknownFilter: (p) => `绑定 {{${p.expr}}} 中的过滤器“${p.filter}”不存在（${oneOf(knownZh(p.expected))}）${nearZh(p.near)}`,
  filterTakesNoArg: (p) => `绑定 {{${p.expr}}} 中的过滤器“${p.filter}”不接受参数，实际是“:${p.arg}”`,
  filterTakesShortArg: (p) => `绑定 {{${p.expr}}} 中的过滤器“${p.filter}”只能不带参数或带参数 "short"，实际是“:${p.arg}”`,
  filterNeedsArg: (p) => `绑定 {{${p.expr}}} 中的过滤器“${p.filter}”需要一个参数（${NEEDED_ARG_ZH[p.needs]}）`,
  lookupArgMalformed: (p) => `绑定 {{${p.expr}}} 中过滤器 "lookup" 的参数应为 "listPath,key" 或 "listPath,key,field"，实际是“${p.arg}”`,
  unknownMessageKey: (p) => `${p.files.join(' 或 ')} 中没有消息键“${p.key}”${nearZh(p.near)}`,
  unknownEndpoint: (p) => `接口“${p.endpoint}”不在接口目录（src/api/catalogue.ts）中${nearZh(p.near)}`,
  unknownPayloadKey: (p) => `"payload" 键“${p.key}”不是接口 ${p.endpoint} 的字段（${payloadKeysZh(p.expected)}）${nearZh(p.near)}`,
  payloadKeyWrongType: (p) => `接口 ${p.endpoint} 的 "payload" 键“${p.key}”的值应为 ${p.types.join(' 或 ')} 类型，实际是 ${p.found}`,
  payloadKeyNotAllowed: (p) => `接口 ${p.endpoint} 的 "payload" 键“${p.key}”的值应为以下之一：${listZh(p.allowed)}，实际是 ${p.found}`,
  payloadRequiredKeyMissing: (p) => `接口 ${p.endpoint} 的 "payload" 缺少必填键“${p.key}”`,
  uploadFileMissing: (p) => `上传接口 ${p.endpoint} 需要写 "payload": {"file": "{{file}}"}（即选中的文件，以 "multipart" 方式发送）`,
  uploadPartUnknown: (p) => `"payload" 键“${p.key}”不是上传接口 ${p.endpoint} 可接收的部分（应为 "file"）${nearZh(p.near)}`,
  uploadFileNotBinding: (p) => `应为指向选中文件的绑定，例如 "{{file}}"，实际是 ${p.found}`,
  pagedParamMissing: (p) => `页码字段“${p.field}”不是接口 ${p.endpoint} 的字段（${payloadKeysZh(p.expected)}）${nearZh(p.near)}`,
  pagePathNotInReply: (p) =>
    `分页路径“${p.path}”中的“${p.field}”不在接口 ${p.endpoint} 的返回数据中（${oneOf(listZh(p.expected), '此处没有任何字段')}）${nearZh(p.near)}`,
  pagePathNotAPage: (p) => `接口 ${p.endpoint} 的返回数据${p.path ? `在“${p.path}”处` : ''}不是分页对象，也不是列表（请把 "path" 设为分页对象所在的位置）`,
  sourceNotPaged: (p) => `数据源“${p.source}”不是分页的（请在页面 "data" 中它的条目里加上 "paged": true）`,
  unknownPagedSource: (p) => `分页数据源“${p.source}”没有在页面的 "data" 中声明（${oneOf(knownZh(p.expected), '该页面没有分页数据源')}）${nearZh(p.near)}`,
};
