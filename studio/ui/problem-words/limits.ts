/** The Chinese of check:config's words for numbers, colours and sizes that must agree (src/config/words/limits.ts). */
import type { ContrastPair, limitsWords } from '../../../src/config/words/limits.ts';
import type { Zh } from './common.ts';

const PAIR_ZH: Record<ContrastPair, string> = {
  white: '与其上的白色文字（按钮、选中的侧边标签；与白色页面上的同色文字相同：顶部栏标题、选中的标签）',
  soft: '作为其浅色底上的文字（顶部栏的回收按钮 topBar.recycle）',
};

export const limitsZh: Zh<typeof limitsWords> = {
  lowContrast: (p) =>
    `${p.colour} 的对比度${p.failing.map((f) => `${PAIR_ZH[f.pair]}为 ${f.ratio}`).join('；')}：低于 WCAG AA 要求的 ${p.min}:1，玩家可能看不清${p.fix ? `；最接近的合格色是 ${p.fix}（${(p.fixRatios ?? []).join('、')}）` : ''}`,
  nameCut: (p) =>
    `“${p.name}”在顶部栏中宽 ${p.width} px（${p.fontSize} px 粗体）：320 px 宽的手机在访客的按钮旁只留 ${p.visitorRoom} px，在会员的余额和“${p.recycle}”旁最多留 ${p.memberRoom} px，所以${p.visitorReads !== undefined ? `访客看到“${p.visitorReads}”，会员看到“${p.memberReads}”` : `会员看到“${p.memberReads}”`}（余额越长越少）；${p.fits} 个全角字以内的名字放得下（一个字母或数字约占半个）`,
};
