import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { renderToString } from 'react-dom/server';
import { formSchemas } from '../../studio/schemas';
import { localized, SectionForm, validatorFor } from '../../studio/ui/SectionForm';
import { formOutline, messagesSection, messageKeys, placesOf, routeSection, screenOutline, settingsSections } from '../../studio/ui/places';
import { getIn } from '../../studio/ui/model';
import { namesOf } from '../../studio/ui/names';
import { scopeOf } from '../../studio/ui/fill';
import { PageContext, type Page } from '../../studio/ui/page';
import { wordsFor, WordsContext } from '../../studio/ui/words';

const dir = 'screens.config';
const w = wordsFor('zh');
const raw = formSchemas(path.join(dir, 'schema'));
const bundle = localized(raw, w);
const validator = validatorFor(bundle.draft);
const files = ['app.json', 'messages.json', 'routes.json', ...readdirSync(`${dir}/screens`).map((f) => `screens/${f}`), ...readdirSync(`${dir}/forms`).map((f) => `forms/${f}`)];
const json: Record<string, unknown> = Object.fromEntries(files.map((f) => [f, JSON.parse(readFileSync(`${dir}/${f}`, 'utf8'))]));
const view = (f: string) => json[f];
const scope = scopeOf(json['app.json']);
const names = namesOf(view, files, w, scope);
const page: Page = { brand: 'product', layers: {}, names, scope, messages: getIn(json['messages.json'], ['messages']) as Record<string, string>, routes: getIn(json['routes.json'], ['routes']) as { path: string; title: string }[], where: null, askWhere() {}, go() {}, focus: null, show() {}, openMessage() {}, backendAt: () => undefined };
const sections = [];
for (const p of placesOf(files, w, names)) {
  if (p.kind === 'sections') sections.push(...settingsSections(p.id));
  if (p.kind === 'messages') sections.push(messagesSection(messageKeys(page.messages, ''), w));
  if (p.kind === 'routes') page.routes.forEach((r, i) => sections.push(routeSection(i, r.path, w)));
  if (p.kind === 'screen') for (const o of screenOutline(p.file, json[p.file], w, scope)) sections.push(...o.sections);
  if (p.kind === 'form') for (const o of formOutline(p.file, json[p.file], w)) sections.push(...o.sections);
}
console.log('sections', sections.length);
const bad = new Map<string, string[]>();
const t0 = Date.now();
let slow: [number, string][] = [];
for (const s of sections) {
  let html: string;
  const t = Date.now();
  try {
    html = renderToString(<WordsContext.Provider value={w}><PageContext.Provider value={page}><SectionForm section={s} bundle={bundle} validator={validator} value={getIn(json[s.file], s.path)} problems={[]} shownFile={s.file} formFields={[]} backTo={() => undefined} onChange={() => undefined} /></PageContext.Provider></WordsContext.Provider>);
  } catch (e) { html = 'THROWN ' + (e as Error).message; }
  slow.push([Date.now() - t, `${s.file} ${s.path.join('/')}`]);
  const text = html.replace(/<[^>]+>/g, ' ');
  for (const re of [/Unsupported field schema[^.]*\.?[^<]{0,80}/g, /Circular reference[^.]*/g, /Expand Cycle/g, /Unknown field type[^<]{0,40}/g, /Option \d/g, /THROWN.{0,100}/g, /New Value/g, /No items yet/g, / Key\b/g, /Missing items/g, /\bType\b/g, /\bValue\b/g]) {
    for (const m of text.match(re) ?? []) { const k = m.slice(0, 90); bad.set(k, [...(bad.get(k) ?? []), `${s.file} ${s.path.join('/')}`]); }
  }
}
console.log('ms', Date.now() - t0);
console.log(slow.sort((a, b) => b[0] - a[0]).slice(0, 8));
for (const [k, v] of bad) console.log(v.length, k, '|', v.slice(0, 4).join(', '));
