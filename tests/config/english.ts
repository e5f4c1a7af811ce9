/**
 * Problems as check:config prints them: file, path, English words and the rest, without the words'
 * id and parts (`said`, what the studio words them from; tests/unit/problem-words.test.ts reads those);
 * and what the studio's Chinese of a problem leaves in English.
 */
import type { Problem } from '../../src/config/check';
import { isSaid, type Part, type Said } from '../../src/config/words/index';
import { zhOf } from '../../studio/ui/problem-words/index';

export const english = <P extends Pick<Problem, 'said'>>(problems: readonly P[]): Omit<P, 'said'>[] =>
  problems.map((p) => {
    const out: Partial<P> = { ...p };
    delete out.said;
    return out as Omit<P, 'said'>;
  });

/** every value of a message's parts (its data), nested messages worded in Chinese */
function data(parts: Said['parts']): string[] {
  const out: string[] = [];
  const walk = (v: Part): void => {
    if (v === null || v === undefined) return;
    if (isSaid(v)) return walk(v.parts as Part);
    if (Array.isArray(v)) return v.forEach(walk);
    if (typeof v === 'object') return Object.values(v).forEach(walk);
    out.push(String(v));
  };
  walk(parts as Part);
  return out.sort((a, b) => b.length - a.length);
}

/** Latin words the Chinese adds beside the problem's own data: the fixed terms of the trade */
const TERMS = new Set(['JSON', 'WCAG', 'AA', 'px', 'SVG', 'npm', 'run', 'migrate', 'check', 'config', 'ID', 'URL', 'HTML', 'CSS', 'API', 'App', 'null', 'true', 'false']);
/** the Latin words the Chinese of a problem has beyond its own data and the fixed terms (none, when it is all Chinese) */
export function englishLeft(s: Said): string[] {
  let text = zhOf(s);
  for (const v of data(s.parts)) text = text.split(v).join(' ');
  text = text.replace(/\{\{[^}]*\}\}/g, ' ').replace(/[\w$@.-]*\/[\w$@./~{}-]*/g, ' ').replace(/"[^"]*"/g, ' ');
  return (text.match(/[A-Za-z][A-Za-z-]+/g) ?? []).filter((w) => !TERMS.has(w));
}

