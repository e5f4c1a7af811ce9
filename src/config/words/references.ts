/** check:config's words (English) for the problems of references: one entry per message, see ./index.ts. */
import { knownText, nearText, type Known, type Words } from './common.ts';

/** the files a name could be in, a brand's overlay first: `a or b` */
const filesText = (files: string[]): string => files.join(' or ');
/** a value as the messages quote it: JSON, as written in the file */
const quoted = (v: unknown): string => JSON.stringify(v);

/** the widget a sibling key names a part of (checks/keys.ts) */
export type SiblingKind = 'tab' | 'dataTab' | 'filter';
const SIBLING_WORDS: Record<SiblingKind, (widget: string) => string> = {
  tab: (widget) => `a tab of the ${widget}`,
  dataTab: () => 'an entry of the DataTabs',
  filter: () => 'a choice of the filter',
};
/** `"x" is not <what> (expected one of "a", "b"); did you mean "a"?` */
const notOne = (found: string, what: string, choices: string[], near: string | undefined): string =>
  `${quoted(found)} is not ${what} (expected one of ${choices.map(quoted).join(', ')})${nearText(near)}`;

export const referencesWords = {
  // app.json, routes.json (checks/references.ts)
  assetMissing: (p: { asset: string; folders: string[]; assets: string[]; near?: string }) =>
    `"${p.asset}" is not in ${filesText(p.folders)} (expected one of ${p.assets.join(', ') || 'none: the folder is empty'})${nearText(p.near)}`,
  patternInvalid: (p: { name: string; error: string }) => `expected a valid regular expression: ${p.error}`,
  routeScreenMissing: (p: { screen: string; files: string[]; near?: string }) => `screen "${p.screen}" does not exist (expected a file ${filesText(p.files)})${nearText(p.near)}`,
  routePathTwice: (p: { path: string }) => `path "${p.path}" is declared twice`,
  guardNeedsAuth: (_p: { guard: string }) => 'a guard other than confirmLogin needs "auth": true',
  tabPathNotRoute: (p: { path: string; near?: string }) => `tab path "${p.path}" is not a route of routes.json${nearText(p.near)}`,

  // screens and forms (checks/screens.ts)
  pagedSourcePolls: (_p: { source: string }) => 'a paged source does not poll (its pages load as the player scrolls; remove "poll" or "paged")',
  secretFieldKept: (p: { field: string; text?: string }) =>
    `field "${p.field}" looks like a secret (${p.text === undefined ? `its name "${p.field}"` : `"${p.text}"`}), and the form's draft would keep what is typed in it (sessionStorage): make it "type": "password", or write "draft": false on the field`,
  fieldTwice: (p: { field: string }) => `field "${p.field}" is declared twice`,
  ruleFieldUnknown: (p: { found: string; fields: string[]; near?: string }) => `expected a field of this form (${p.fields.join(', ') || 'none'}), found "${p.found}"${nearText(p.near)}`,
  ruleOtherUnknown: (p: { found: string; fields: string[]; near?: string }) => `expected the other field of this form (${p.fields.join(', ') || 'none'}), found ${p.found}${nearText(p.near)}`,
  rulePatternUnknown: (p: { pattern: string; near?: string }) => `pattern ${p.pattern} is not in app.json patterns${nearText(p.near)}`,
  ruleNeedsNumber: (p: { type: string; key: string }) => `rule type "${p.type}" needs "${p.key}"`,

  // actions and widgets (checks/walk.ts)
  shellScreenAction: (p: { action: string; shell: string; allowed: Known }) => `action "${p.action}" acts on a screen; ${p.shell} runs outside any screen (expected one of ${knownText(p.allowed)})`,
  reloadSourceUnknown: (p: { source: string; sources: Known; near?: string }) =>
    `reload source "${p.source}" is not a data source of the screen (expected one of ${knownText(p.sources, 'none')})${nearText(p.near)}`,
  setStateKeyUnread: (p: { key: string; known: Known; near?: string }) =>
    `setState key "${p.key}" is neither declared in the screen's "state" nor read as {{state.${p.key}}} (expected one of ${knownText(p.known, 'none')})${nearText(p.near)}`,
  widgetTypeUnknown: (p: { type: string; types: string[]; near?: string }) => `unknown widget type "${p.type}" (expected one of ${p.types.join(', ')})${nearText(p.near)}`,
  formMissing: (p: { form: string; files: string[]; near?: string }) => `form "${p.form}" does not exist (expected a file ${filesText(p.files)})${nearText(p.near)}`,

  // keys that name a sibling (checks/keys.ts)
  defaultKeyNotTab: (p: { found: string; widget: string; keys: string[]; near?: string }) => `defaultKey ${notOne(p.found, `the key of a tab of this ${p.widget}`, p.keys, p.near)}`,
  defaultValueNotEntry: (p: { found: string; values: string[]; near?: string }) => `defaultValue ${notOne(p.found, 'the value of an entry of this DataTabs', p.values, p.near)}`,
  initialNotChoice: (p: { state: string; via?: string; found: string; kind: SiblingKind; widget: string; at: string; choices: string[]; near?: string }) =>
    `the initial value${p.via ? ` (the value of ${p.via})` : ''} of state "${p.state}": ${notOne(p.found, `${SIBLING_WORDS[p.kind](p.widget)} at ${p.at}`, p.choices, p.near)}`,

  // names the code and routes.json know (checks/names.ts)
  iconUnknown: (p: { icon: string; icons: Known; near?: string }) => `unknown icon "${p.icon}" (expected one of ${knownText(p.icons)})${nearText(p.near)}`,
  toOutsideSite: (p: { to: string }) =>
    `${quoted(p.to)} is an address outside the site, not a path of routes.json: "to" (and navigate) only opens a route; to open another site use the openUrl action, { "type": "openUrl", "url": ${quoted(p.to)}, "target": "blank" } (in a menu entry or a cell: "onTap": [that action] in place of "to")`,
  toNotPath: (p: { to: string }) => `expected a path of routes.json starting with "/" (a query may follow: /wallet?type=1), found ${quoted(p.to)}`,
  toNotRoute: (p: { path: string; routes: Known; near?: string }) => `"${p.path}" is not a route of routes.json (expected one of ${knownText(p.routes)})${nearText(p.near)}`,

  // keys of the language, feature tags (checks/reserved.ts, checks/switches.ts)
  reservedKey: (p: { key: string; reserved: string[] }) => `"${p.key}" is not a config key: ${p.reserved.join(', ')} name the language's own members, never config; rename or remove it`,
  featureTagUnknown: (p: { feature: string | number | boolean | null; features: string[]; near?: string }) =>
    `feature ${typeof p.feature === 'string' ? `"${p.feature}"` : quoted(p.feature)} is not a feature switch of app.json features, so this part could never be switched off (expected one of ${p.features.join(', ')})${nearText(p.near)}`,
} satisfies Words;
