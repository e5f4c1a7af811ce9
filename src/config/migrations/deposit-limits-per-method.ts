/**
 * Config format 3: each deposit method has its own limits. app.json's `depositMinDefault` and
 * `depositMaxDefault`, shared by the four methods, became a pair per method (depositMinBank and
 * depositMaxBank, …Alipay, …Wechat, …Usdt), so that one brand can raise its bank-transfer maximum
 * alone. The old value goes into every method's key (a brand's overlay that set depositMaxDefault
 * meant the four maxima); a method's key the file has already keeps its own value. A reference
 * to the old constant becomes the method's own, the method read from the backend's range it stands
 * beside (`{{data.rangeBank.min_price | or:const.depositMinDefault}}`: const.depositMinBank); a
 * reference with no method beside it is named, to be written by hand.
 */
import type { Change, Edit, Migration } from './types';
import { isObject, walk } from '../json-walk';
import { say, worded } from '../words/index';

const METHODS = ['Bank', 'Alipay', 'Wechat', 'Usdt'] as const;
const OLD = /\bconst\.deposit(Min|Max)Default\b/;

/**
 * A text with each old reference replaced by its method's constant, the method named by the one
 * backend range (`rangeBank`, …) in the same {{…}} binding; undefined when a reference has none.
 */
function rewritten(text: string): string | undefined {
  let unknown = false;
  const one = (part: string) => {
    const methods = new Set([...part.matchAll(/\brange(Bank|Alipay|Wechat|Usdt)\b/g)].map((m) => m[1]));
    if (!OLD.test(part)) return part;
    if (methods.size !== 1) {
      unknown = true;
      return part;
    }
    const [method] = methods;
    return part.replace(new RegExp(OLD.source, 'g'), (_, bound: string) => `const.deposit${bound}${method}`);
  };
  const out = text.includes('{{') ? text.replace(/\{\{[\s\S]*?\}\}/g, one) : one(text);
  return unknown ? undefined : out;
}

const keys = (bound: string) => METHODS.map((m) => `deposit${bound}${m}`);

export const depositLimitsPerMethod: Migration = {
  id: 'deposit-limits-per-method',
  format: 3,
  title: 'each deposit method has its own limits: depositMinDefault and depositMaxDefault became depositMin<Method> and depositMax<Method>',
  kinds: ['app', 'messages', 'routes', 'screen', 'form'],
  find(doc, kind): Change[] {
    const changes: Change[] = [];
    const constants = isObject(doc) && kind === 'app' ? doc.constants : undefined;
    for (const bound of ['Min', 'Max']) {
      const old = `deposit${bound}Default`;
      if (!isObject(constants) || !(old in constants)) continue;
      const value = constants[old];
      const edits: Edit[] = METHODS.map((m) => ({
        op: 'set',
        path: ['constants', `deposit${bound}${m}`],
        value,
        keep: true,
        // each maximum beside its method's minimum, as the product writes them
        ...(bound === 'Max' ? { after: `depositMin${m}` } : {}),
        before: old,
      }));
      changes.push({
        path: ['constants', old],
        ...worded(say('depositSharedSplit', { old, keys: keys(bound), value: JSON.stringify(value) })),
        edits: [...edits, { op: 'remove', path: ['constants', old] }],
      });
    }
    for (const { text, at } of walk(doc).texts) {
      if (!OLD.test(text)) continue;
      const now = rewritten(text);
      const olds = [...new Set(text.match(new RegExp(OLD.source, 'g')))];
      changes.push(
        now === undefined
          ? { path: at, ...worded(say('depositSharedReadByHand', { olds, each: olds.map((o) => keys(OLD.exec(o)![1]).map((k) => `const.${k}`)) })), edits: [] }
          : { path: at, ...worded(say('depositSharedRewritten', { olds, now: [...new Set(now.match(/\bconst\.deposit(Min|Max)(Bank|Alipay|Wechat|Usdt)\b/g))] })), edits: [{ op: 'set', path: at, value: now }] },
      );
    }
    return changes;
  },
};
