/** check:config's words (English) for the problems of bindings: one entry per message, see ./index.ts. */
import { knownText, nearText, type Known, type Words } from './common.ts';
import type { Said } from './said.ts';

/**
 * The names a binding may read only at some places, and where (checks/scope.ts: the engine's
 * local scopes); a binding elsewhere that reads one is told where it is in scope.
 */
export const LOCAL_WHERE_WORDS = {
  item: 'inside a widget that provides items (Repeat, PagedList, Tiles, Carousel, Table, BalanceList, DataTabs)',
  index: 'inside a widget that provides items',
  form: "inside a form file or a Form widget's footer",
  reply: 'inside onSuccess / onError / onNetworkError / successToast of an api call or a form submit',
  value: "inside a Switch's onChange",
  file: "inside an AvatarUpload's upload actions (the picked file)",
  min: "in a form rule's message",
  max: "in a form rule's message",
};
export type LocalRoot = keyof typeof LOCAL_WHERE_WORDS;

/** the argument a filter needs (src/engine/bindings.ts FILTER_ARGS), as the message describes it */
export type NeededArg = 'map' | 'path' | 'lookup';
const NEEDED_ARG_WORDS: Record<NeededArg, string> = { map: 'a name of app.json maps', path: 'a path such as const.name', lookup: 'listPath,key,field' };

/** what a call's payload may hold: the catalogue's payload fields, or "no payload" when it has none */
const payloadKeys = (keys: readonly string[]): string => (keys.length ? `one of ${keys.join(', ')}` : 'no payload');

/*
 * Parts shared by many: `expr` is the text of a binding (shown as {{expr}}), `expected` the names
 * that would do (sorted and cut at 40, common.ts `knownOf`, or as the catalogue lists them), `near` the one
 * close to what was written (checks/util.ts nearest).
 */
/** the replies every screen may read without a call of its own (checks/shapes.ts sessionShapes), by their type in src/api/replies.ts */
export type SessionShape = 'user' | 'appInfo' | 'venueBalance' | 'game';
const SESSION_SHAPE_WORDS: Record<SessionShape, string> = {
  user: 'the user entity (src/api/replies.ts user)',
  appInfo: 'the app info (src/api/replies.ts appInfo)',
  venueBalance: 'the venue balances (src/api/replies.ts venueBalance)',
  game: 'the game lists (src/api/replies.ts game)',
};

export const bindingsWords = {
  // --- the root and first name of a binding's path (checks/bindings.ts checkPath)
  bindingRootOutOfPlace: (p: { root: LocalRoot; expr: string }) => `binding root "${p.root}" in {{${p.expr}}} is only in scope ${LOCAL_WHERE_WORDS[p.root]}`,
  unknownBindingRoot: (p: { root: string; expr: string; expected: Known; near?: string }) =>
    `unknown binding root "${p.root}" in {{${p.expr}}} (expected one of ${knownText(p.expected)})${nearText(p.near)}`,
  bindingDataSourceUndeclared: (p: { source: string; expr: string; expected: Known; near?: string }) =>
    `data source "${p.source}" in {{${p.expr}}} is not declared in the screen's "data" (expected one of ${knownText(p.expected, 'none')})${nearText(p.near)}`,
  bindingStateKeyUnknown: (p: { key: string; expr: string; expected: Known; near?: string }) =>
    `state key "${p.key}" in {{${p.expr}}} is neither declared in the screen's "state" nor set by an action or widget (expected one of ${knownText(p.expected, 'none')})${nearText(p.near)}`,
  unknownMapName: (p: { map: string; near?: string }) => `map "${p.map}" is not in app.json maps${nearText(p.near)}`,
  bindingBrandNameUnknown: (p: { name: string; expr: string; expected: string[]; near?: string }) =>
    `"${p.name}" in {{${p.expr}}} is not a name of the brand (expected one of ${p.expected.join(', ')})${nearText(p.near)}`,
  unknownConstantPath: (p: { constant: string; near?: string }) => `constant "${p.constant}" is not in app.json constants${nearText(p.near)}`,
  // `place`: where the path is written ({{…}} or a quoted config value); `path`: the fields followed so far; `origin`: what they are read from
  fieldNotInShape: (p: { field: string; place: string; path: string; origin: Said; expected: Known; near?: string }) =>
    `"${p.field}" in ${p.place} is not a field of ${p.path}, ${p.origin.text} (${p.expected.names.length ? `expected one of ${knownText(p.expected)}` : 'it has no fields'})${nearText(p.near)}`,
  // where the fields a binding reads come from (checks/shapes.ts, walk.ts: a Shape's origin)
  originSession: (p: { of: SessionShape }) => SESSION_SHAPE_WORDS[p.of],
  originReply: (p: { endpoint: string }) => `the reply of endpoint ${p.endpoint} (src/api/replies.ts)`,
  originEither: (p: { origins: Said[] }) => p.origins.map((o) => o.text).join(' or '),
  originEntryOf: (p: { list: string; origin: Said }) => `an entry of ${p.list}, ${p.origin.text}`,
  originPagedRecord: (p: { source: string; origin: Said }) => `a record of paged source ${p.source}, ${p.origin.text}`,
  originFixedList: (p: { widget: string; prop: string }) => `an entry of the fixed list of ${p.widget}.${p.prop}`,
  // --- filters (checks/bindings.ts checkFilter)
  unknownFilter: (p: { filter: string; expr: string; expected: Known; near?: string }) =>
    `unknown filter "${p.filter}" in {{${p.expr}}} (expected one of ${knownText(p.expected)})${nearText(p.near)}`,
  filterTakesNoArg: (p: { filter: string; expr: string; arg: string }) => `filter "${p.filter}" in {{${p.expr}}} takes no argument, found ":${p.arg}"`,
  filterTakesShortArg: (p: { filter: string; expr: string; arg: string }) => `filter "${p.filter}" in {{${p.expr}}} takes no argument or "short", found ":${p.arg}"`,
  filterNeedsArg: (p: { filter: string; expr: string; needs: NeededArg }) => `filter "${p.filter}" in {{${p.expr}}} needs an argument (${NEEDED_ARG_WORDS[p.needs]})`,
  lookupArgMalformed: (p: { expr: string; arg: string }) => `filter "lookup" in {{${p.expr}}} expects "listPath,key" or "listPath,key,field", found "${p.arg}"`,
  // --- @message keys (checks/bindings.ts checkString); `files`: the messages.json files looked in, the brand's first
  unknownMessageKey: (p: { key: string; files: string[]; near?: string }) => `message key "${p.key}" is not in ${p.files.join(' or ')}${nearText(p.near)}`,
  // --- calls of the API catalogue (checks/calls.ts); `found` and `allowed` are JSON texts of values
  unknownEndpoint: (p: { endpoint: string; near?: string }) => `endpoint "${p.endpoint}" is not in the API catalogue (src/api/catalogue.ts)${nearText(p.near)}`,
  unknownPayloadKey: (p: { key: string; endpoint: string; expected: string[]; near?: string }) =>
    `payload key "${p.key}" is not a field of endpoint ${p.endpoint} (expected ${payloadKeys(p.expected)})${nearText(p.near)}`,
  payloadKeyWrongType: (p: { key: string; endpoint: string; types: string[]; found: string }) => `payload key "${p.key}" of endpoint ${p.endpoint} expects ${p.types.join(' or ')}, found ${p.found}`,
  payloadKeyNotAllowed: (p: { key: string; endpoint: string; allowed: string[]; found: string }) =>
    `payload key "${p.key}" of endpoint ${p.endpoint} expects one of ${p.allowed.join(', ')}, found ${p.found}`,
  payloadRequiredKeyMissing: (p: { endpoint: string; key: string }) => `payload of endpoint ${p.endpoint} is missing required key "${p.key}"`,
  uploadFileMissing: (p: { endpoint: string }) => `upload endpoint ${p.endpoint} needs "payload": {"file": "{{file}}"} (the picked file, sent as multipart)`,
  uploadPartUnknown: (p: { key: string; endpoint: string; near?: string }) => `payload key "${p.key}" is not a part of upload endpoint ${p.endpoint} (expected file)${nearText(p.near)}`,
  uploadFileNotBinding: (p: { found: string }) => `expected a binding to the picked file, such as "{{file}}", found ${p.found}`,
  // --- paged sources (checks/calls.ts)
  pagedParamMissing: (p: { field: string; endpoint: string; expected: string[]; near?: string }) =>
    `page field "${p.field}" is not a field of endpoint ${p.endpoint} (expected ${payloadKeys(p.expected)})${nearText(p.near)}`,
  pagePathNotInReply: (p: { field: string; path: string; endpoint: string; expected: string[]; near?: string }) =>
    `"${p.field}" in page path "${p.path}" is not in the reply of endpoint ${p.endpoint} (expected one of ${p.expected.join(', ') || 'none'})${nearText(p.near)}`,
  pagePathNotAPage: (p: { endpoint: string; path?: string }) =>
    `the reply of endpoint ${p.endpoint}${p.path ? ` at "${p.path}"` : ''} is not a page object or a list (set "path" to where the page object is)`,
  sourceNotPaged: (p: { source: string }) => `data source "${p.source}" is not paged (add "paged": true to its entry in the screen's "data")`,
  unknownPagedSource: (p: { source: string; expected: Known; near?: string }) =>
    `paged data source "${p.source}" is not declared in the screen's "data" (expected one of ${knownText(p.expected, 'none')})${nearText(p.near)}`,
} satisfies Words;
