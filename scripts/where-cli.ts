/**
 * check:config --where KEY: the config references (src/config/where.ts) with the route(s) each shows
 * on, or the places whose text contains KEY when it names nothing (赞助), then the lines of src/
 * that name the key (a message key or constant the engine uses directly). Exit 0 when found, 1 when not, 2 without a key.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { endpoints, type EndpointDef } from '../src/api/catalogue';
import { formatProblems, type ConfigBundle } from '../src/config/check';
import { findHosts, findReferences, findText, formatReferences, hostOf, parseWhere, routesOf, type Reference } from '../src/config/where';
import type { BrandBundle } from '../src/config/overlay/layers';
import { valueAt } from '../src/config/pointer';
import type { ConfigSource } from '../src/config/source/index';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) return sourceFiles(p);
    return /\.(ts|tsx)$/.test(name) && !name.endsWith('.gen.ts') ? [p] : [];
  });
}

/** a brand's config, merged: from its folders on disk, or (the studio) with the operator's unsaved edits */
export type BrandLoader = (id: string) => BrandBundle;

/**
 * Per brand: a definition's value (a constant, a message, a map) and the layer that sets it, then the
 * other places the brand's own overlay sets (the rest is the product's, listed above).
 */
export function perBrand(source: ConfigSource, key: string, brands: string[], refsOf: (b: ConfigBundle) => Reference[], load: BrandLoader = (id) => source.brand(id)): string[] {
  const configDir = source.product.shown;
  const q = parseWhere(key);
  const lines: string[] = [];
  for (const id of brands) {
    const { bundle, files } = load(id);
    const folder = `${bundle.folders![0]}/`;
    const place = (r: Reference) => bundle.origin!(r.file, r.path);
    const all = refsOf(bundle)
      .filter((r) => r.text !== '(definition)')
      .map((r) => ({ ...r, ...place(r) }));
    const own = all.filter((r) => r.file.startsWith(folder));
    const v = q.definition ? valueAt(bundle[q.definition.in].json, q.definition.path) : undefined;
    if (q.definition && v !== undefined) {
      // which layer sets it: the brand (all of it, or some of its entries over the product's), or the product
      const def = q.definition.path;
      const merged = files.find((f) => f.file === bundle[q.definition!.in].file);
      const own = merged?.origins?.overlaid().filter((o) => o.at === def || o.at.startsWith(`${def}/`)) ?? [];
      const whole = own.some((o) => o.at === def);
      const where = own.length ? `${merged!.overlay!.file} ${def}${whole ? '' : " (over the product's)"}` : `${merged?.product?.file ?? bundle[q.definition.in].file} ${def} (the product's)`;
      lines.push(`brand ${id}: ${JSON.stringify(v)}  ${where}`);
    }
    if (own.length) lines.push(formatReferences(key, own, undefined, `brand ${id} sets ${own.length} place(s) of its own in ${folder}:`));
    else if (!all.length && v === undefined) lines.push(`brand ${id}: no reference in ${folder} over ${configDir}/`);
    else if (!q.definition) lines.push(`brand ${id}: the product's ${all.length} place(s) above, none of its own in ${folder}`);
  }
  return lines;
}

/**
 * A call app.json answers itself where it sets the value (catalogue `fromConfig`: getservicerurl and
 * brand.serviceUrl), asked by either name: what the app does in the folder and in each brand, the
 * value opened in place of the backend's reply and the file that sets it, or the backend's reply.
 */
export function configAnswers(configDir: string, key: string, bundle: ConfigBundle, brands: string[], load: BrandLoader): string[] {
  const found = (Object.entries(endpoints) as [string, EndpointDef][]).find(([name, ep]) => ep.fromConfig && (name === key || ep.fromConfig.key === key));
  if (!found) return [];
  const [name, { fromConfig }] = found;
  const at = `/${fromConfig!.key.split('.').join('/')}`;
  const said = (v: unknown, where: string) =>
    typeof v === 'string' && v.trim() ? `${JSON.stringify(v)}  ${where}: the app opens it and sends ${name} no request` : `not set: the app opens ${name}'s reply (the backend's)`;
  const lines = [`\n${name} is answered by app.json ${fromConfig!.key} where it is set; left empty, by the backend:`, `${configDir}/: ${fromConfig!.key} ${said(valueAt(bundle.app.json, at), `${bundle.app.file} ${at}`)}`];
  for (const id of brands) {
    const { bundle: b } = load(id);
    const origin = b.origin ? b.origin(b.app.file, at) : { file: b.app.file, path: at };
    lines.push(`brand ${id}: ${fromConfig!.key} ${said(valueAt(b.app.json, at), `${origin.file} ${origin.path}`)}`);
  }
  return lines;
}

export function whereCli(source: ConfigSource, key: string | undefined, brands: string[] = []): number {
  if (!key || key.startsWith('--')) {
    console.error('usage: npm run where -- KEY (or npm run check:config -- --where KEY)   (@message.key, const.NAME, map:NAME, brand.NAME, an endpoint, a widget type, or any text such as 赞助)');
    return 2;
  }
  // a link leading out of the config folders is not read: named, and nothing is answered
  const refused = source.refusals(brands);
  if (refused.length) {
    console.error(`${formatProblems(refused)}

not searched: ${refused.length} problem(s) reading the config (npm run check:config names them too)`);
    return 1;
  }
  const { text, found } = whereAnswer(source, key, undefined, brands);
  console.log(text);
  return found ? 0 : 1;
}

/**
 * The answer `npm run where -- KEY` prints, as text: for the folder `configDir` (relative to root) as
 * it is on disk, or as `bundle` has it (the studio: the operator's unsaved edits), then per brand of
 * `brands` the value and the layer that sets it (each brand as `load` gives it: from disk, or with
 * the studio's unsaved edits of its overlay); `found` is false when nothing names the key.
 */
export function whereAnswer(source: ConfigSource, key: string, bundle: ConfigBundle = source.productBundle(), brands: string[] = [], load?: BrandLoader): { text: string; found: boolean } {
  const { root } = source;
  const configDir = source.product.shown;
  const out: string[] = [];
  const routes = routesOf(bundle);
  const q = parseWhere(key);
  // the folder searched: another brand's (SCREENS_CONFIG_DIR, --dir) is named as such
  const folder = `${configDir}/${process.env.SCREENS_CONFIG_DIR && !configDir.includes('SCREENS_CONFIG_DIR') ? ' (SCREENS_CONFIG_DIR)' : ''}`;
  // plain text when the key is not a name (Chinese, spaces) or names nothing; a web address by its host
  const name = q.kind !== 'name' || /^[\w.$@:/-]+$/.test(key);
  const refs = name ? findReferences(bundle, key) : [];
  const text = hostOf(key) ?? key;
  const asText = q.kind === 'name' && !refs.length ? findText(bundle, text) : [];
  out.push(asText.length ? formatReferences(text, asText, routes, `text containing "${text}": ${asText.length} place(s) in ${folder}`) : formatReferences(key, refs, routes, undefined, folder));
  // after a text (a brand's name), the web addresses of the config: a domain does not spell the name (星耀: xingyao)
  const hosts = q.kind === 'name' && !refs.length ? findHosts(bundle).filter((h) => !h.host.includes(text.toLowerCase())) : [];
  if (hosts.length) {
    out.push(`\nweb addresses in ${configDir}/ (a domain may name the brand in other words: check each):`);
    const width = Math.max(...hosts.map((h) => h.host.length));
    for (const h of hosts) out.push(`${h.host.padEnd(width)}  ${h.refs.map((r) => `${r.file} ${r.path}`).join(', ')}`);
  }
  // how src/ names it: message('auth.loginRequired'), constants.withdrawMin, 'withdraw'
  const needle = q.kind === 'message' ? key.slice(1) : q.name;
  const re = new RegExp(`['"\`.]@?${needle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w.])`);
  const code: string[] = [];
  for (const file of sourceFiles(path.join(root, 'src'))) {
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        const t = line.trim();
        if (t.startsWith('*') || t.startsWith('/*') || t.startsWith('//')) return; // comments name keys too
        if (re.test(line)) code.push(`${path.relative(root, file)}:${i + 1}  ${line.trim().slice(0, 90)}`);
      });
  }
  if (code.length) out.push(`\nin src/ (${code.length}):\n${code.join('\n')}`);
  // a call app.json may answer in place of the backend (the customer service address): what each brand's app opens
  const loader: BrandLoader = load ?? ((id) => source.brand(id));
  const answers = configAnswers(configDir, key, bundle, brands, loader);
  // which layer sets it in each brand (brands/<id>/ over the product): for the value a call answers, the lines above say it
  const brandLines = q.kind === 'brand' && answers.length ? [] : perBrand(source, key, brands, (b) => (name ? findReferences(b, key) : []).concat(q.kind === 'name' && !refs.length ? findText(b, text) : []), loader);
  const none = brandLines.filter((l) => / no reference in /.test(l));
  if (brandLines.length && none.length === brandLines.length) out.push(`and none in the brands (${brands.join(', ')})`);
  else if (brandLines.length) out.push(`\n${brandLines.join('\n')}`);
  out.push(...answers);
  return { text: out.join('\n'), found: !!(refs.length || asText.length || code.length || answers.length || none.length < brandLines.length) };
}
