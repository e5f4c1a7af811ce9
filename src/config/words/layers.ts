/**
 * check:config's words (English) for the problems of layers: one entry per message, see ./index.ts.
 * The layers are the product's folder and a brand's overlay over it: reading them from disk
 * (src/config/source/), merging them (src/config/overlay/merge.ts), and the old uses of an earlier
 * config format in them (src/config/migrations/, src/config/format/).
 */
import type { Words } from './common.ts';
import type { Said } from './said.ts';

/** names as the merge lists them: each in JSON quotes, or "none" */
const quoted = (names: readonly string[]): string => names.map((n) => JSON.stringify(n)).join(', ') || 'none';
/** a deposit bound of app.json's constants (depositMin, depositMax) */
export type DepositBound = 'Min' | 'Max';
const BOUND_WORDS: Record<DepositBound, string> = { Min: 'minimum', Max: 'maximum' };
const NO_DEFAULT = "`npm run migrate` cannot tell which method this text is about: write that method's constant here";

export const layersWords = {
  // the merge of a brand's overlay over the product (overlay/merge.ts)
  reservedKeyInOverlay: (p: { key: string; reserved: string[] }) => `"${p.key}" is not a config key: ${p.reserved.join(', ')} name the language's own members, never config (left out)`,
  objectPatchUnknown: (p: { directive: string }) =>
    `"$patch": ${p.directive} is not known here: an object takes "replace" (to delete a property write null; "delete" removes an item of a keyed list)`,
  positionOutsideList: (_p: Record<string, never>) => '"$position" places an item of a keyed list (widgets, menu entries, rules, fields, routes, tabs); this is no such item',
  nullDeletesMissing: (p: { key: string; has: string[] }) => `null deletes "${p.key}", which the product does not have here (it has ${quoted(p.has)}): it may have been renamed or removed`,
  directiveNothingToActOn: (p: { directive: string; unkeyedList: boolean }) =>
    `"${p.directive}" has nothing of the product's to act on here${p.unkeyedList ? ' (this list has no key (x-merge-key): it is replaced whole)' : ": this value is new or replaces the product's whole"}`,
  keyedItemNoKey: (p: { key: string; has: string[] }) =>
    `an item of this list names the product's item it changes by "${p.key}" (the product's: ${quoted(p.has)}); to replace the whole list add an item {"$patch": "replace"}`,
  productDuplicateKey: (p: { key: string; value: string }) => `the product's list has two items with ${p.key} "${p.value}": give each its own ${p.key}`,
  deleteMissingItem: (p: { key: string; value: string; has: string[] }) =>
    `"$patch": "delete": the product has no item with ${p.key} "${p.value}" in this list (it has ${quoted(p.has)}): it may have been renamed or removed`,
  itemPatchUnknown: (p: { directive: string }) => `"$patch": ${p.directive} is not known: an item takes "delete" or "replace"`,
  missingItemNoPosition: (p: { key: string; value: string; has: string[] }) =>
    `the product has no item with ${p.key} "${p.value}" in this list (it has ${quoted(p.has)}): it may have been renamed or removed; a new item needs "$position": "first", "last", {"before": …} or {"after": …} with the ${p.key} of an item`,
  positionInvalid: (p: { key: string; found: string }) => `expected "first", "last", {"before": KEY} or {"after": KEY} (KEY: the ${p.key} of an item of the list), found ${p.found}`,
  positionAnchorMissing: (p: { key: string; anchor: string; after: boolean; has: string[] }) =>
    `the list has no item with ${p.key} "${p.anchor}" to place this one ${p.after ? 'after' : 'before'} (it has ${quoted(p.has)})`,

  // reading a layer's folder (source/disk.ts, source/index.ts)
  linkDangling: (p: { target: string }) => `a symbolic link to ${JSON.stringify(p.target)}, which is not there`,
  linkOutside: (p: { target: string; roots: string[] }) =>
    `a symbolic link to ${JSON.stringify(p.target)}, outside ${p.roots.join(' and ')}: refused (a config file or asset must lie inside them; copy it in)`,
  expectedFolder: (_p: Record<string, never>) => 'expected a folder',
  expectedFile: (p: { found: 'folder' | 'other'; assets?: string }) =>
    `expected a file, found ${p.found === 'folder' ? 'a folder' : 'something else'}${p.assets !== undefined ? ` (${p.assets}/ holds files only, each served at the site's root)` : ''}`,
  badConfigFileName: (p: { folder: string }) => `not a name a config file may have: expected ${p.folder}/<name>.json with letters, digits, - and _ in the name (rename it)`,
  configFileMissing: (p: { folder: string; file: string }) => `missing: the config folder ${p.folder}/ must have ${p.file}`,
  badBrandId: (p: { id: string }) => `"${p.id}" cannot name a brand: its build is dist-${p.id}/ and its site an nginx server; expected lower-case letters, digits and hyphens`,

  // the config format (format/messages.ts, format/old-uses.ts): `change` is what a migration says of an old use
  migrateRewrites: (p: { change: Said; command: string }) => `${p.change.text}; run \`${p.command}\`, which rewrites it in screens.config/ and every brand's overlay`,
  formatTooNew: (p: { format: number; current: number }) =>
    `written for config format ${p.format}; this engine reads format ${p.current} at most: update the engine, or write the file for format ${p.current}`,
  lateOldUse: (p: { problem: Said; change: Said; rewrites: boolean; command: string; format: number }) =>
    `${p.problem.text}; ${p.change.text}${p.rewrites ? `: write it so here (\`${p.command}\` rewrites only files older than format ${p.format})` : ''}`,
  oldUseByHandInBrand: (p: { change: Said; at: string }) => `${p.change.text} (the brand's file holds it at ${p.at}, where the migration cannot place its edits: write it there by hand)`,

  // the migrations' old uses (migrations/*.ts)
  menuColumnsPerRow: (_p: Record<string, never>) => 'Menu\'s "columns" (entries per row of a grid) is called "perRow" since config format 2',
  depositSharedSplit: (p: { old: string; keys: string[]; value: string }) =>
    `"${p.old}" (shared by the four deposit methods) became each method's own since config format 3: ${p.keys.join(', ')}, each ${p.value} as it was`,
  depositSharedReadByHand: (p: { olds: string[]; each: string[][] }) =>
    `${p.olds.join(' and ')} became each method's own constant${p.olds.length > 1 ? 's' : ''} since config format 3 (${p.each.map((keys) => keys.join(', ')).join('; ')}); ${NO_DEFAULT}`,
  depositSharedRewritten: (p: { olds: string[]; now: string[] }) =>
    `${p.olds.join(' and ')} became each method's own constant${p.olds.length > 1 ? 's' : ''} since config format 3: here ${p.now.join(' and ')}, the method of the backend's range beside it`,
  responsibleConstantMoved: (_p: Record<string, never>) =>
    '"constants.responsible.enabled" is "features.responsiblePlay" since config format 3 (every feature is switched in one place, app.json "features")',
  responsibleWhenMoved: (_p: Record<string, never>) =>
    '"const.responsible.enabled" is "features.responsiblePlay" since config format 3: a part shown while responsible play is on says "feature": "responsiblePlay" (left out when it is off)',
  responsibleReadByHand: (_p: Record<string, never>) =>
    '"const.responsible.enabled" is "features.responsiblePlay" since config format 3, which the config does not read: a part of responsible play says "feature": "responsiblePlay" (left out when it is off); `npm run migrate` cannot tell what this reading meant: rewrite it here by hand',
  depositCommonValue: (p: { key: string; value: string; bound: DepositBound; defaultKey: string }) =>
    `"${p.key}" ${p.value} is the ${BOUND_WORDS[p.bound]} most deposit methods have: since config format 4 that is one key, ${p.defaultKey} ${p.value}, which every method follows unless it sets its own (kept only where it differs)`,
  depositPinnedInBrand: (p: { key: string; value: string; defaultKey: string; productOwn: boolean }) =>
    `"${p.key}" ${p.value} is what the product gives this method since config format 4 (its ${p.defaultKey}${p.productOwn ? ` or its own ${p.key}` : ''}): written in the brand, it would stop following the product's edits; it goes`,
  depositBrandOneValue: (p: { bound: DepositBound; value: string; defaultKey: string }) =>
    `the brand sets every method's ${BOUND_WORDS[p.bound]} to ${p.value}: since config format 4 that is one key, ${p.defaultKey} ${p.value}, which every method without its own follows`,
  depositConditionByHand: (p: { text: string }) =>
    `${p.text} is left out where the method follows the default since config format 4 (const.depositMin, const.depositMax): \`npm run migrate\` cannot rewrite a condition's path; read the method's range (data.range…) or the default here`,
  depositReadDefault: (p: { reads: string[] }) => `a method's deposit constant is left out where the method follows the default since config format 4: read the default after it (${p.reads.join(', ')})`,
  messageAddedUnused: (p: { key: string; group: string; near: string[] }) =>
    `the product has no message "${p.key}" and nothing shows it: the product may have renamed or removed it${p.near.length ? ` (the product's ${p.group}.* messages: ${p.near.join(', ')})` : ''}; change the message the product has now, or show this one somewhere`,
} satisfies Words;
