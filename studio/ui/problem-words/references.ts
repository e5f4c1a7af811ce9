/**
 * The Chinese of check:config's words for the problems of references (src/config/words/references.ts).
 * Names, paths, keys and values are the problem's own data and stay as written; a fixed key or file
 * name of the config the words mention is in straight quotes ("routes.json"), as it is typed.
 */
import type { referencesWords, SiblingKind } from '../../../src/config/words/references.ts';
import { knownZh, listZh, nearZh, type Zh } from './common.ts';

/** `a、b、c`, or `a、b 等 N 个` when more were left out; `ifNone` when there are none */
/** the files a name could be in: `a 或 b` */
const filesZh = (files: string[]): string => files.join(' 或 ');
/** values to choose from, each quoted */
const choicesZh = (choices: string[]): string => choices.map((c) => `“${c}”`).join('、');

const SIBLING_ZH: Record<SiblingKind, (widget: string) => string> = {
  tab: (widget) => ` ${widget} 的某个标签`,
  dataTab: (widget) => ` ${widget} 的某个条目`,
  filter: () => '筛选栏的某个选项',
};

export const referencesZh: Zh<typeof referencesWords> = {
  assetMissing: (p) => `“${p.asset}”不在 ${filesZh(p.folders)} 中（应为以下之一：${p.assets.length ? listZh(p.assets) : '无，该文件夹是空的'}）${nearZh(p.near)}`,
  patternInvalid: (p) => `格式“${p.name}”应为有效的正则表达式，但无法解析：${p.error}`,
  routeScreenMissing: (p) => `页面“${p.screen}”不存在（应有文件 ${filesZh(p.files)}）${nearZh(p.near)}`,
  routePathTwice: (p) => `路径“${p.path}”声明了两次，每个路径只能有一个路由`,
  guardNeedsAuth: (p) => `路由守卫“${p.guard}”需要登录：除 "confirmLogin" 以外的守卫都要写 "auth": true`,
  tabPathNotRoute: (p) => `标签栏的路径“${p.path}”不是 "routes.json" 中的路由${nearZh(p.near)}`,

  pagedSourcePolls: (p) => `分页数据源“${p.source}”不会定时刷新（它的数据随玩家滚动逐页加载）；请删除 "poll" 或 "paged"`,
  secretFieldKept: (p) =>
    `输入栏“${p.field}”看起来是密码等机密信息（${p.text === undefined ? `它的名字“${p.field}”` : `“${p.text}”`}），而表单草稿会保存其中输入的内容（"sessionStorage"）：请把它设为 "type": "password"，或在该输入栏上写 "draft": false`,
  fieldTwice: (p) => `输入栏“${p.field}”声明了两次`,
  ruleFieldUnknown: (p) => `校验规则的输入栏应为本表单的输入栏之一（${p.fields.length ? listZh(p.fields) : '无'}），实际是“${p.found}”${nearZh(p.near)}`,
  ruleOtherUnknown: (p) => `要比较的另一个输入栏应为本表单的输入栏之一（${p.fields.length ? listZh(p.fields) : '无'}），实际是 ${p.found}${nearZh(p.near)}`,
  rulePatternUnknown: (p) => `格式 ${p.pattern} 不在 "app.json" 的 "patterns" 中${nearZh(p.near)}`,
  ruleNeedsNumber: (p) => `校验规则类型“${p.type}”需要填写“${p.key}”`,

  shellScreenAction: (p) => `动作“${p.action}”只能作用于页面，而 ${p.shell} 在任何页面之外运行（应为以下之一：${knownZh(p.allowed, '')}）`,
  reloadSourceUnknown: (p) => `要重新加载的数据源“${p.source}”不是本页面的数据源（应为以下之一：${knownZh(p.sources, '无')}）${nearZh(p.near)}`,
  setStateKeyUnread: (p) =>
    `"setState" 设置的键“${p.key}”既没有在页面的 "state" 中声明，也没有以 {{state.${p.key}}} 读取，设置的值不会被用到（应为以下之一：${knownZh(p.known, '无')}）${nearZh(p.near)}`,
  widgetTypeUnknown: (p) => `未知的组件类型“${p.type}”（应为以下之一：${listZh(p.types)}）${nearZh(p.near)}`,
  formMissing: (p) => `表单“${p.form}”不存在（应有文件 ${filesZh(p.files)}）${nearZh(p.near)}`,

  defaultKeyNotTab: (p) => `"defaultKey" 的值“${p.found}”不是这个 ${p.widget} 中任何标签的键（应为以下之一：${choicesZh(p.keys)}）${nearZh(p.near)}`,
  defaultValueNotEntry: (p) => `"defaultValue" 的值“${p.found}”不是这个 "DataTabs" 中任何条目的值（应为以下之一：${choicesZh(p.values)}）${nearZh(p.near)}`,
  initialNotChoice: (p) =>
    `状态“${p.state}”的初始值${p.via ? `（${p.via} 的值）` : ''}“${p.found}”不是 ${p.at} 处${SIBLING_ZH[p.kind](p.widget)}（应为以下之一：${choicesZh(p.choices)}）${nearZh(p.near)}`,

  iconUnknown: (p) => `未知的图标“${p.icon}”（应为以下之一：${knownZh(p.icons, '')}）${nearZh(p.near)}`,
  toOutsideSite: (p) =>
    `“${p.to}”是站外地址，不是 "routes.json" 中的路径："to"（以及 "navigate" 动作）只能打开站内路由；要打开其他网站，请用 "openUrl" 动作：{ "type": "openUrl", "url": ${JSON.stringify(p.to)}, "target": "blank" }（在菜单项或单元格中：用 "onTap": [该动作] 代替 "to"）`,
  toNotPath: (p) => `应为 "routes.json" 中以 "/" 开头的路径（后面可以带查询参数，如 "/wallet?type=1"），实际是“${p.to}”`,
  toNotRoute: (p) => `“${p.path}”不是 "routes.json" 中的路由（应为以下之一：${knownZh(p.routes, '')}）${nearZh(p.near)}`,

  reservedKey: (p) => `“${p.key}”不能用作配置文件的键：${listZh(p.reserved)} 是编程语言自身成员的名字，不能用于配置；请改名或删除它`,
  featureTagUnknown: (p) =>
    `功能标记${typeof p.feature === 'string' ? `“${p.feature}”` : ` ${JSON.stringify(p.feature)} `}不是 "app.json" 中 "features" 的功能开关，所以这部分永远无法关闭（应为以下之一：${listZh(p.features)}）${nearZh(p.near)}`,
};
