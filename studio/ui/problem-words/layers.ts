/** The Chinese of check:config's words for the problems of layers (src/config/words/layers.ts). */
import type { DepositBound, layersWords } from '../../../src/config/words/layers.ts';
import { listZh, type Zh } from './common.ts';

/** names as the merge lists them: each in quotes, or 无 */
const quotedZh = (names: readonly string[]): string => (names.length ? names.map((n) => `“${n}”`).join('、') : '无');
const BOUND_ZH: Record<DepositBound, string> = { Min: '最低存款额', Max: '最高存款额' };
const SINCE = '从配置格式';

export const layersZh: Zh<typeof layersWords> = {
  // the merge of a brand's overlay over the product
  reservedKeyInOverlay: (p) => `“${p.key}”不是配置的键：${listZh(p.reserved)} 是编程语言自身成员的名字，不能用在配置里（已略去）`,
  objectPatchUnknown: (p) => `这里不认识 "$patch": ${p.directive}：对象只接受 "replace"（要删除一个属性，把它的值写成 null；"delete" 用于删除带键列表中的一项）`,
  positionOutsideList: () => '"$position" 用于摆放带键列表（组件、菜单项、校验规则、输入栏、路由、标签）中的一项；这里不是这样的项',
  nullDeletesMissing: (p) => `这里写 null 是要删除“${p.key}”，但产品在这里没有它（这里有：${quotedZh(p.has)}）：它可能已被改名或删除`,
  directiveNothingToActOn: (p) =>
    `"${p.directive}" 在这里没有可以作用的产品内容${p.unkeyedList ? '（这个列表没有键 "x-merge-key"：它被整体替换）' : '：这个值是新加的，或整体替换了产品的值'}`,
  keyedItemNoKey: (p) => `这个列表的每一项都要用 "${p.key}" 指明它修改产品里的哪一项（产品的有：${quotedZh(p.has)}）；要替换整个列表，请加一项 {"$patch": "replace"}`,
  productDuplicateKey: (p) => `产品的列表里有两项的 ${p.key} 都是“${p.value}”：请给每一项各自不同的 ${p.key}`,
  deleteMissingItem: (p) => `"$patch": "delete"：产品的这个列表里没有 ${p.key} 为“${p.value}”的项（它有：${quotedZh(p.has)}）：它可能已被改名或删除`,
  itemPatchUnknown: (p) => `不认识 "$patch": ${p.directive}：列表中的一项只接受 "delete" 或 "replace"`,
  missingItemNoPosition: (p) =>
    `产品的这个列表里没有 ${p.key} 为“${p.value}”的项（它有：${quotedZh(p.has)}）：它可能已被改名或删除；新加的一项需要 "$position"："first"、"last"、{"before": …} 或 {"after": …}（… 处填某一项的 ${p.key}）`,
  positionInvalid: (p) => `应为 "first"、"last"、{"before": …} 或 {"after": …}（… 处填列表中某一项的 ${p.key}），实际是 ${p.found}`,
  positionAnchorMissing: (p) => `这个列表里没有 ${p.key} 为“${p.anchor}”的项，无法把这一项放在它${p.after ? '之后' : '之前'}（它有：${quotedZh(p.has)}）`,

  // reading a layer's folder
  linkDangling: (p) => `符号链接指向 ${JSON.stringify(p.target)}，但那里什么也没有`,
  linkOutside: (p) => `符号链接指向 ${JSON.stringify(p.target)}，在 ${p.roots.join(' 和 ')} 之外：已拒绝读取（配置文件和素材都必须放在这些文件夹里；请把它复制进来）`,
  expectedFolder: () => '应为文件夹',
  expectedFile: (p) =>
    `应为文件，实际是${p.found === 'folder' ? '文件夹' : '别的东西'}${p.assets !== undefined ? `（${p.assets}/ 里只能放文件，每个文件都从网站的根路径访问）` : ''}`,
  badConfigFileName: (p) => `配置文件不能用这个名字：应为 ${p.folder}/<名字>.json，名字只能含字母、数字、- 和 _（请改名）`,
  configFileMissing: (p) => `缺少文件：配置文件夹 ${p.folder}/ 必须有 ${p.file}`,
  badBrandId: (p) => `“${p.id}”不能作为品牌的 ID：品牌的构建输出到 dist-${p.id}/，它的网站是一个 nginx 站点；只能用小写字母、数字和连字符`,

  // the config format
  migrateRewrites: (p, zh) => `${zh(p.change)}；运行 \`${p.command}\`，它会在 screens.config/ 和每个品牌的覆盖层里改写这一处`,
  formatTooNew: (p) => `这个文件是按配置格式 ${p.format} 写的；本引擎最多只能读格式 ${p.current}：请更新引擎，或按格式 ${p.current} 写这个文件`,
  lateOldUse: (p, zh) => `${zh(p.problem)}；${zh(p.change)}${p.rewrites ? `：请在这里照此改写（\`${p.command}\` 只改写格式早于 ${p.format} 的文件）` : ''}`,
  oldUseByHandInBrand: (p, zh) => `${zh(p.change)}（品牌的文件里它在 ${p.at}，迁移无法把修改放到那里：请在那里手动改写）`,

  // the migrations' old uses
  menuColumnsPerRow: () => `"Menu" 组件的 "columns"（网格每行放几个条目）${SINCE} 2 起改名为 "perRow"`,
  depositSharedSplit: (p) => `“${p.old}”（原先由四种存款方式共用）${SINCE} 3 起改为每种方式各自的值：${listZh(p.keys)}，每个都沿用原来的 ${p.value}`,
  depositSharedReadByHand: (p) =>
    `${p.olds.join(' 和 ')} ${SINCE} 3 起改为每种存款方式各自的常量（${p.each.map((keys) => listZh(keys)).join('；')}）；\`npm run migrate\` 无法判断这段文字说的是哪种存款方式：请在这里写上那种方式的常量`,
  depositSharedRewritten: (p) => `${p.olds.join(' 和 ')} ${SINCE} 3 起改为每种存款方式各自的常量：这里改为 ${p.now.join(' 和 ')}，即旁边后台金额区间所属的那种方式`,
  responsibleConstantMoved: () => `"constants.responsible.enabled" ${SINCE} 3 起改为 "features.responsiblePlay"（所有功能的开关都集中在 app.json 的 "features" 里）`,
  responsibleWhenMoved: () => `"const.responsible.enabled" ${SINCE} 3 起改为 "features.responsiblePlay"：只在负责任博彩开启时显示的部分写 "feature": "responsiblePlay"（关闭时不显示）`,
  responsibleReadByHand: () =>
    `"const.responsible.enabled" ${SINCE} 3 起改为 "features.responsiblePlay"，配置不再读取它：负责任博彩的部分写 "feature": "responsiblePlay"（关闭时不显示）；\`npm run migrate\` 无法判断这里读取它的用意：请在这里手动改写`,
  depositCommonValue: (p) =>
    `“${p.key}” ${p.value} 是多数存款方式共有的${BOUND_ZH[p.bound]}：${SINCE} 4 起它只用一个键 ${p.defaultKey} ${p.value}，每种方式都沿用它，除非设了自己的值（只在不同时保留）`,
  depositPinnedInBrand: (p) =>
    `“${p.key}” ${p.value} 正是${SINCE} 4 起产品给这种方式的值（产品的 ${p.defaultKey}${p.productOwn ? ` 或它自己的 ${p.key}` : ''}）：写在品牌里，它就不再跟随产品的修改；将删除它`,
  depositBrandOneValue: (p) => `品牌把每种存款方式的${BOUND_ZH[p.bound]}都设为 ${p.value}：${SINCE} 4 起这只用一个键 ${p.defaultKey} ${p.value}，没有自己值的方式都沿用它`,
  depositConditionByHand: (p) =>
    `${p.text} 读取的常量在存款方式沿用默认值时并不存在（${SINCE} 4 起，默认值是 const.depositMin、const.depositMax）：\`npm run migrate\` 无法改写条件里的路径；请在这里读取该方式的区间（data.range…）或默认值`,
  depositReadDefault: (p) => `存款方式的常量在该方式沿用默认值时并不存在（${SINCE} 4 起）：请在它之后读取默认值（${listZh(p.reads)}）`,
  messageAddedUnused: (p) =>
    `产品没有消息“${p.key}”，也没有地方显示它：产品可能已把它改名或删除${p.near.length ? `（产品现有的 ${p.group}.* 消息：${listZh(p.near)}）` : ''}；请改写产品现在的那条消息，或在某处显示这一条`,
};
