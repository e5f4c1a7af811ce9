/**
 * Config format 3: responsible play is switched with the other features, in one place. app.json's
 * `constants.responsible.enabled` became `features.responsiblePlay` (its value kept: false stays
 * switched off; a value the file's features have already is kept). A part shown only while it was
 * on (`"when": { "path": "const.responsible.enabled", "eq": true }`, alone or in an `all`) says
 * `"feature": "responsiblePlay"` instead, the rest of its `when` kept: switched off, the part is left
 * out of the build (src/config/features.ts). Any other reading of the old constant (shown while it
 * was off, inside an `any` or a `not`, in a text) is named, to be rewritten by hand.
 */
import type { Change, Edit, Migration } from './types';
import { isObject, walk } from '../json-walk';
import { say, worded } from '../words/index';

const OLD = 'const.responsible.enabled';
const FEATURE = 'responsiblePlay';

/** a condition true while responsible play was on: { path, eq: true }, { path, ne: false } or { path, truthy: true } */
const whileOn = (c: unknown): boolean =>
  isObject(c) && c.path === OLD && Object.keys(c).length === 2 && (c.eq === true || c.ne === false || c.truthy === true);

export const responsiblePlayFeature: Migration = {
  id: 'responsible-play-feature',
  format: 3,
  title: 'responsible play is switched in app.json features: constants.responsible.enabled became features.responsiblePlay',
  kinds: ['app', 'messages', 'routes', 'screen', 'form'],
  find(doc, kind): Change[] {
    const changes: Change[] = [];
    const responsible = kind === 'app' && isObject(doc) && isObject(doc.constants) ? doc.constants.responsible : undefined;
    if (isObject(responsible) && 'enabled' in responsible) {
      const path = ['constants', 'responsible', 'enabled'];
      changes.push({
        path,
        ...worded(say('responsibleConstantMoved', {})),
        edits: [
          { op: 'set', path: ['features', FEATURE], value: responsible.enabled, keep: true, after: 'brand' },
          { op: 'remove', path },
        ],
      });
    }
    const { objects, texts } = walk(doc);
    const whens = objects.filter(({ node }) => 'when' in node);
    const done = new Set<string>();
    for (const { node, at } of whens) {
      const when = node.when;
      const all = isObject(when) && Object.keys(when).length === 1 && Array.isArray(when.all) ? (when.all as unknown[]) : undefined;
      if (!whileOn(when) && !all?.some(whileOn)) continue;
      if (node.feature !== undefined && node.feature !== FEATURE) continue; // a part of another feature: named below, by hand
      const rest = all ? all.filter((c) => !whileOn(c)) : [];
      const old = all ? [...at, 'when', 'all', all.findIndex(whileOn), 'path'] : [...at, 'when', 'path'];
      all?.forEach((c, i) => whileOn(c) && done.add(JSON.stringify([...at, 'when', 'all', i, 'path'])));
      done.add(JSON.stringify(old));
      const edits: Edit[] = [
        ...(node.feature === undefined ? [{ op: 'set' as const, path: [...at, 'feature'], value: FEATURE, before: 'when' }] : []),
        rest.length === 0 ? { op: 'remove', path: [...at, 'when'] } : { op: 'set', path: [...at, 'when'], value: rest.length === 1 ? rest[0] : { all: rest } },
      ];
      changes.push({
        path: old,
        ...worded(say('responsibleWhenMoved', {})),
        edits,
      });
    }
    for (const { text, at } of texts) {
      if (!/\bconst\.responsible\.enabled\b/.test(text) || done.has(JSON.stringify(at))) continue;
      changes.push({
        path: at,
        ...worded(say('responsibleReadByHand', {})),
        edits: [],
      });
    }
    return changes;
  },
};
