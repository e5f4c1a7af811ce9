/** The Chinese of check:config's words for numbers, colours and sizes that must agree (src/config/words/limits.ts). */
import type { BoundPart, ContrastPair, CrossedVia, limitsWords, RuleMessage, RulesOn, Takes } from '../../../src/config/words/limits.ts';
import { listZh, type Zh } from './common.ts';

const PAIR_ZH: Record<ContrastPair, string> = {
  white: '与其上的白色文字（按钮、选中的侧边标签；与白色页面上的同色文字相同：顶部栏标题、选中的标签）',
  soft: '作为其浅色底上的文字（顶部栏的回收按钮 "topBar.recycle"）',
};

/** a rule's bound: its number, and the constant it reads */
const boundZh = (b: BoundPart): string => (b.constant ? `${b.value}（${b.constant}）` : String(b.value));
/** the rules reading two bounds together: 输入栏“amount”上的 min 和 range 校验规则 */
const rulesOnZh = (r: RulesOn): string => `输入栏“${r.field}”上的 ${r.types.join(' 和 ')} 校验规则`;
const viaZh = (v: CrossedVia | undefined): string => (v ? `，${rulesOnZh(v.rules)}同时读取这两个常量（${v.place}）` : '');
const takesZh = (t: Takes): string => `最多能输入 ${boundZh(t.longest)} 个字符${t.maxLengthAt !== undefined ? `（它的 "maxLength"，${t.maxLengthAt}）` : '（未写 "maxLength" 的输入栏的默认值）'}`;
const messageZh = (m: RuleMessage): string => (m.key !== undefined ? `它的消息 @${m.key}（${m.place}：“${m.text}”）` : `它的消息“${m.text}”`);

export const limitsZh: Zh<typeof limitsWords> = {
  lowContrast: (p) =>
    `${p.colour} 的对比度${p.failing.map((f) => `${PAIR_ZH[f.pair]}为 ${f.ratio}`).join('；')}：低于 WCAG AA 要求的 ${p.min}:1，玩家可能看不清${p.fix ? `；最接近的合格色是 ${p.fix}（${(p.fixRatios ?? []).join('、')}）` : ''}`,
  nameCut: (p) =>
    `“${p.name}”在顶部栏中宽 ${p.width} px（${p.fontSize} px 粗体）：320 px 宽的手机在访客的按钮旁只留 ${p.visitorRoom} px，在会员的余额和“${p.recycle}”旁最多留 ${p.memberRoom} px，所以${p.visitorReads !== undefined ? `访客看到“${p.visitorReads}”，会员看到“${p.memberReads}”` : `会员看到“${p.memberReads}”`}（余额越长越少）；${p.fits} 个全角字以内的名字放得下（一个字母或数字约占半个）`,
  constantMinAboveMax: (p) =>
    `${p.min} 为 ${p.minValue}，大于 ${p.max} 的 ${p.maxValue}（${p.place}）${viaZh(p.via)}：没有任何值能同时满足两者；最小值应不大于它的最大值（请调小 ${p.min} 或调大 ${p.max}）`,
  constantMaxBelowMin: (p) =>
    `${p.max} 为 ${p.maxValue}，小于 ${p.min} 的 ${p.minValue}（${p.place}）${viaZh(p.via)}：没有任何值能同时满足两者；最大值应不小于它的最小值（请调大 ${p.max} 或调小 ${p.min}）`,
  constantAboveRuleMax: (p) =>
    `${p.constant} 为 ${p.value}，大于${rulesOnZh(p.rules)}的最大值 ${p.max}（${p.place}）：没有任何值能同时满足两者；最小值应不大于该最大值（请调小 ${p.constant}）`,
  constantBelowRuleMin: (p) =>
    `${p.constant} 为 ${p.value}，小于${rulesOnZh(p.rules)}的最小值 ${p.min}（${p.place}）：没有任何值能同时满足两者；最大值应不小于该最小值（请调大 ${p.constant}）`,
  ruleMinAboveOwnMax: (p) => `这条校验规则的最小值 ${boundZh(p.min)} 大于它的最大值 ${boundZh(p.max)}：没有任何值能通过；最小值应不大于最大值`,
  ruleMinAboveOtherMax: (p) =>
    `输入栏“${p.field}”上这条 ${p.type} 校验规则的最小值 ${boundZh(p.min)}，大于 ${p.place} 处 ${p.otherType} 校验规则的最大值 ${boundZh(p.max)}：没有任何值能同时通过两者；最小值应不大于最大值`,
  ruleBoundNegative: (p) => `这条校验规则的 ${p.role} 为 ${boundZh(p.bound)}：应为 0 或以上（金额或长度低于 0 会让任何值都通过）`,
  ruleBoundTyped: (p) =>
    `这条校验规则的 ${p.role} 直接写成了数字 ${p.value}：请把它放进 "app.json" 的 "constants"，在这里写 {{const.NAME}}${p.same.length ? `（${listZh(p.same.slice(0, 3))}${p.same.length > 3 ? ' 等' : ''}的值就是它）` : ''}，并在它的消息里写 {{${p.role}}}，这样校验规则和所有写出这个数的文字都跟随同一个值`,
  ruleMinAboveInput: (p) =>
    `这条 ${p.type} 校验规则的最小值 ${boundZh(p.min)} 超过了输入栏“${p.field}”能输入的长度：它${takesZh(p.takes)}，没有任何值能通过；输入栏能输入的长度应不小于这个最小值`,
  captchaInputShort: (p) =>
    `验证码输入栏“${p.field}”${takesZh(p.takes)}，少于验证码的位数 ${boundZh(p.code)}：玩家无法输入完整的验证码；应至少为 ${p.code.value}`,
  ruleMessageNumberDiffers: (p) =>
    `这条校验规则的 ${p.role} 为 ${boundZh(p.bound)}，但${messageZh(p.message)}写的是 ${listZh(p.stated.map((s) => (s.binding !== undefined ? `{{${s.binding}}} = ${s.value}` : String(s.value))))}：玩家看到的限制与实际执行的不一致；请在消息中写 ${p.bound.constant ? `{{${p.bound.constant}}}` : `{{${p.role}}}`}，让它跟随校验规则`,
  textStatesConstant: (p) =>
    `“${p.text}”写了 ${p.value}，这是显示这段文字的地方所用的常量 ${p.constants.map((n) => `{{const.${n}}}`).join(' 或 ')} 的值：${p.constants.length === 1 ? `请改写为 {{const.${p.constants[0]}}}` : '请把它指的那个常量写成 {{const.NAME}}'}，这样常量改了，文字也会跟着变`,
  textWritesBrandName: (p) =>
    `“${p.text}”直接写出了“${p.name}”，这是品牌名称 ${p.keys.map((k) => `{{brand.${k}}}`).join(' 和 ')}（"app.json" 的 "brand"）的值：${p.keys.length === 1 ? `请改写为 {{brand.${p.keys[0]}}}` : `请改写为它指的那个（${p.keys.map((k) => `{{brand.${k}}}`).join(' 或 ')}）`}，这样品牌改名后文字也会跟着变`,
  brandNameDoubled: (p) => {
    const list = p.texts.map((t) => `${t.place} “${t.text}”`);
    const shown = list.length > 3 ? `${listZh(list.slice(0, 3))}，另有 ${list.length - 3} 处` : listZh(list);
    return `品牌名称 {{brand.${p.key}}}（“${p.name}”）以“${p.word}”${p.end ? '结尾' : '开头'}，而有 ${list.length} 段文字紧挨着在它${p.end ? '后面' : '前面'}写了“${p.word}”，页面上会显示成“${p.reads}”：${shown}；请从名称中去掉“${p.word}”（这些文字已经写了），或把这些文字里的“${p.word}”去掉`;
  },
  pollBackoffBelowInterval: (p) =>
    `应至少为最长的轮询间隔 ${p.interval}（${p.where}），实际是 ${p.maxMs}：后端出故障时，反而会比正常时被轮询得更频繁`,
  responsibleDefaultNotChoice: (p) => `应为 0 或 "constants.responsible.${p.list}" 中的一项（${listZh(p.choices)}）`,
  responsibleChoicesNotAscending: (p) => `"constants.responsible.${p.list}" 的选项应按从小到大排列`,
};
