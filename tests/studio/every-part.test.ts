/**
 * Every part of every page of the studio opened, as an operator would pick it, and what it shows
 * read: the settings, the messages, each route, and each part of each screen and form (its settings,
 * every widget and tab, every field and rule), on the product and on each brand (the files a brand
 * overrides, with whose value each field shows). Drawn below the browser (react-dom/server, the
 * page's own components, the config as the studio serves it), so all of it runs in seconds;
 * tests/e2e/studio.e2e.ts opens every place in the browser too.
 *   - none of the form library's own fallbacks shows ("Unsupported field schema", a $ref cycle to
 *     expand, an unknown field type, a list without items, "Option 1"): every schema the forms meet
 *     has a widget an operator can use;
 *   - in Chinese: every button says what it does in Chinese (but an icon picked by its picture and
 *     name), every help text is Chinese; and every help text of the schemas has its Chinese.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { TranslatableString } from '@rjsf/utils';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { schemaCursor, type SchemaFileKind } from '../../src/config/overlay/schema-cursor';
import { joinPointer, pointerOf } from '../../src/config/pointer';
import { Layered, newOverlay } from '../../src/config/overlay/unmerge';
import { loadSchemas, schemaSource } from '../../src/config/source/index';
import { CURRENT_FORMAT } from '../../src/config/migrations/index';
import { formSchemas, OWN_FIELDS } from '../../studio/schemas';
import { scopeOf } from '../../studio/ui/fill';
import { getIn } from '../../studio/ui/model';
import { namesOf } from '../../studio/ui/names';
import { PageContext, type Page } from '../../studio/ui/page';
import { formOutline, messageKeys, messagesSection, placesOf, routeSection, screenOutline, settingsSections, type Section } from '../../studio/ui/places';
import { localized, OWN_UI, SectionForm, validatorFor } from '../../studio/ui/SectionForm';
import { SCHEMA_HELP_ZH } from '../../studio/ui/schema-help-zh';
import type { FieldPlace } from '../../studio/ui/widgets';
import { wordsFor, WordsContext } from '../../studio/ui/words';

const root = path.resolve(__dirname, '..', '..');
const product = path.join(root, 'screens.config');
const w = wordsFor('zh');
const raw = formSchemas(path.join(product, 'schema'));
const bundle = localized(raw, w);
const validator = validatorFor(bundle.draft);
const source = schemaSource(root, loadSchemas(root));

/** the config files of a folder by their names in it (app.json, screens/home.json) */
function filesOf(dir: string): Record<string, unknown> {
  const names = ['app.json', 'messages.json', 'routes.json', ...['screens', 'forms'].flatMap((d) => readdirSync(path.join(dir, d), { withFileTypes: true }).filter((e) => e.isFile()).map((e) => `${d}/${e.name}`))];
  return Object.fromEntries(names.map((n) => [n, JSON.parse(readFileSync(path.join(dir, n), 'utf8')) as unknown]));
}
const kindOf = (file: string): SchemaFileKind => (file === 'app.json' ? 'app' : file === 'messages.json' ? 'messages' : file === 'routes.json' ? 'routes' : file.startsWith('screens/') ? 'screen' : 'form');

/** the page's context for a config (its files by name): names, texts filled from its app.json */
function pageOf(files: Record<string, unknown>): Page {
  const scope = scopeOf(files['app.json']);
  const json = (f: string) => files[f];
  const names = namesOf(json, Object.keys(files), w, scope);
  return {
    brand: 'product',
    layers: {},
    names,
    scope,
    messages: getIn(files['messages.json'], ['messages']) as Record<string, string>,
    routes: getIn(files['routes.json'], ['routes']) as { path: string; title: string }[],
    where: null,
    askWhere: () => undefined,
    go: () => undefined,
    focus: null,
    show: () => undefined,
    openMessage: () => undefined,
    backendAt: () => undefined,
    backTo: () => undefined,
  };
}

/** every section of every place and every part of it, as the page offers them */
function sectionsOf(files: Record<string, unknown>, page: Page): Section[] {
  const out: Section[] = [];
  for (const p of placesOf(Object.keys(files), w, page.names)) {
    if (p.kind === 'sections') out.push(...settingsSections(p.id));
    if (p.kind === 'messages') out.push(messagesSection(messageKeys(page.messages, '', 1000), w));
    if (p.kind === 'routes') page.routes.forEach((r, i) => out.push(routeSection(i, r.path, w)));
    if (p.kind === 'screen') for (const o of screenOutline(p.file, files[p.file], w, page.scope)) out.push(...o.sections);
    if (p.kind === 'form') for (const o of formOutline(p.file, files[p.file], w)) out.push(...o.sections);
  }
  return out;
}

/** one section drawn as the page draws it; its HTML */
function draw(s: Section, files: Record<string, unknown>, page: Page, places?: Record<string, FieldPlace>): string {
  const fields = ((getIn(files[s.file], ['fields']) ?? []) as { name: string; label?: string }[]).map((f) => ({ name: f.name, label: String(f.label ?? f.name) }));
  const form = createElement(SectionForm, { section: s, bundle, validator, value: getIn(files[s.file], s.path), problems: [], shownFile: s.file, places, formFields: s.file.startsWith('forms/') ? fields : [], onChange: () => undefined });
  return renderToString(createElement(WordsContext.Provider, { value: w }, createElement(PageContext.Provider, { value: page }, form)));
}

/** the form library's own texts (TranslatableString), their fixed part: none may show */
const LIBRARY = Object.values(TranslatableString)
  .map((t) => t.split(/%\d/)[0].replace(/[*_`]/g, '').trim())
  .filter((t) => t.length >= 6);
const CJK = /[\u4e00-\u9fff]/;
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>');

/** what an operator should not see, or see in English, in one section's HTML */
function faults(html: string): string[] {
  const out: string[] = [];
  const shown = text(html);
  for (const t of [...LIBRARY, 'Option 1', 'Expand Cycle']) {
    // as words of their own (a config key such as downloadFrameRemoveMs is no button)
    const at = new RegExp(`(?<![A-Za-z])${t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![A-Za-z])`).exec(shown);
    if (at) out.push(`the library's "${t}" in …${shown.slice(Math.max(0, at.index - 60), at.index + 40)}…`);
  }
  for (const m of html.matchAll(/<button(?![^>]*role="radio")[^>]*>(.*?)<\/button>/g)) {
    const label = text(m[1]).trim();
    if (!CJK.test(label) && !/^[↑↓×+]$/.test(label)) out.push(`a button "${label}"`);
  }
  for (const m of html.matchAll(/<div class="description">(.*?)<\/div>/g)) if (!CJK.test(text(m[1]))) out.push(`help "${text(m[1]).slice(0, 60)}"`);
  return out;
}

describe('every part of every page, opened', () => {
  it('the product: no form-library internals; buttons and help in Chinese', () => {
    const files = filesOf(product);
    const page = pageOf(files);
    const sections = sectionsOf(files, page);
    expect(sections.length).toBeGreaterThan(900);
    const found = sections.flatMap((s) => faults(draw(s, files, page)).map((f) => `${s.file} ${pointerOf(s.path)}: ${f}`));
    expect([...new Set(found)]).toEqual([]);
  }, 120_000);

  it('each brand: the parts of the files it overrides, each field saying whose value it shows', () => {
    const productFiles = filesOf(product);
    for (const brand of readdirSync(path.join(root, 'brands'))) {
      const dir = path.join(root, 'brands', brand);
      const overlays = Object.fromEntries(Object.keys(productFiles).flatMap((f) => { try { return [[f, JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as unknown]]; } catch { return []; } }));
      const layered = Object.fromEntries(Object.keys(productFiles).map((f) => [f, new Layered(productFiles[f], overlays[f] ?? newOverlay(CURRENT_FORMAT), schemaCursor(source, kindOf(f)))]));
      const files = Object.fromEntries(Object.entries(layered).map(([f, l]) => [f, l.value]));
      const page = pageOf(files);
      const sections = sectionsOf(files, page).filter((s) => s.file in overlays);
      expect(sections.length, brand).toBeGreaterThan(0);
      let marked = 0;
      for (const s of sections) {
        const places: Record<string, FieldPlace> = {};
        const walk = (v: unknown, at: string) => {
          places[at] = { ...layered[s.file].placeOf(at), file: `brands/${brand}/${s.file}` };
          if (Array.isArray(v)) v.forEach((x, i) => walk(x, `${at}/${i}`));
          else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, joinPointer(at, k));
        };
        walk(getIn(files[s.file], s.path), pointerOf(s.path));
        const html = draw(s, files, page, places);
        marked += (html.match(/class="layer /g) ?? []).length;
        expect(faults(html), `${brand} ${s.file} ${pointerOf(s.path)}`).toEqual([]);
      }
      // whose value: the brand's own values marked as such (品牌自己的值), the rest as the product's
      expect(marked, brand).toBeGreaterThan(0);
    }
  }, 120_000);

  it('every schema a form meets has a widget an operator can use: a value of its own, or a field of the page\'s own, never a cycle or a value of no kind', () => {
    const files = filesOf(product);
    const page = pageOf(files);
    const own = new Set<string>(Object.values(OWN_FIELDS));
    // each field of the page's own is registered under its reference
    expect(Object.keys(OWN_UI)).toEqual([...own]);
    for (const [name, ref] of Object.entries(OWN_FIELDS)) expect(OWN_UI[ref], ref).toEqual({ 'ui:field': name });
    type S = Record<string, unknown>;
    const at = (ref: string) => getIn(raw, ref.slice(2).split('/')) as S;
    const found = new Set<string>();
    const walk = (s: S, where: string, refs: string[]): void => {
      if (typeof s.$ref === 'string') {
        if (own.has(s.$ref)) return;
        if (refs.includes(s.$ref)) return void found.add(`${where}: a cycle through ${s.$ref}`);
        return walk({ ...at(s.$ref), ...Object.fromEntries(Object.entries(s).filter(([k]) => k !== '$ref')) }, where, [...refs, s.$ref]);
      }
      const types = Array.isArray(s.type) ? s.type : [s.type];
      for (const k of ['anyOf', 'oneOf', 'allOf']) if (Array.isArray(s[k])) (s[k] as S[]).forEach((o, i) => walk(o, `${where}/${k}/${i}`, refs));
      if (s.then) walk(s.then as S, `${where}/then`, refs);
      if (Array.isArray(s.type) && types.includes('object')) found.add(`${where}: an object or a ${types.join(' or ')}`);
      if (s.type === 'array') return s.items ? walk(s.items as S, `${where}[]`, refs) : void found.add(`${where}: a list of no kind of item`);
      if (s.type === 'object') {
        for (const [k, x] of Object.entries((s.properties ?? {}) as Record<string, S>)) walk(x, `${where}/${k}`, refs);
        if (s.additionalProperties && typeof s.additionalProperties === 'object') walk(s.additionalProperties as S, `${where}{}`, refs);
        else if (!s.properties && !s.anyOf && !s.oneOf) found.add(`${where}: an object with nothing to edit`);
        return;
      }
      if (!s.type && s.enum === undefined && s.const === undefined && !s.anyOf && !s.oneOf && !s.allOf) found.add(`${where}: a value of no kind`);
    };
    for (const schema of new Set(sectionsOf(files, page).map((x) => x.schema))) walk({ $ref: `#${schema}` }, schema, []);
    expect([...found]).toEqual([]);
  });

  it('every help text and option title of the schemas has its Chinese', () => {
    const english = new Set<string>();
    const walk = (v: unknown) => {
      if (Array.isArray(v)) v.forEach(walk);
      else if (v && typeof v === 'object') {
        for (const [k, x] of Object.entries(v)) {
          if ((k === 'description' || k === 'title') && typeof x === 'string') english.add(x);
          else walk(x);
        }
      }
    };
    walk(raw.definitions);
    expect([...english].filter((t) => !SCHEMA_HELP_ZH[t])).toEqual([]);
    expect(Object.values(SCHEMA_HELP_ZH).filter((t) => !CJK.test(t))).toEqual([]);
  });
});
