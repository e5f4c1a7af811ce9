/**
 * Screen and form files: a screen's data sources (their calls, page field and page path), its
 * onEnter actions and its body; a form's fields, rules (field names, patterns, the numbers a rule
 * type needs) and submit call. Each file is checked once per change of what it depends on.
 */
import { keeps } from '../../engine/form-draft';
import type { FieldConfig } from '../types';
import { walkText } from './bindings';
import { checkCall, checkPageParam, checkPagePath } from './calls';
import { mergeInfo, SCREEN_ROOTS, withRoots } from './scope';
import { isObject, nearest, type JsonObject } from './util';
import { REPLY_LISTS, walkActions, walkCondition, walkNodes, walkOptionsFrom } from './walk';
import type { Ctx, Run } from './context.ts';
import { say } from '../words/index.ts';

type File = { file: string; json: unknown };

export function checkScreens(run: Run): void {
  const { bundle } = run;
  const formNames = Object.keys(bundle.forms).join('\u0000');
  for (const [name, s] of Object.entries(bundle.screens)) {
    if (!run.ok.screens[name]) continue;
    const deps = [s.file, bundle.app.json, bundle.messages.json, formNames, ...run.hostedBy[name].map((f) => bundle.forms[f]?.json)];
    run.once(s.json, 'refs', deps, () => checkScreen(run, name, s));
  }
}

function checkScreen(run: Run, name: string, s: File): void {
  const screen = s.json as JsonObject;
  const ctx: Ctx = { file: s.file, roots: new Set(SCREEN_ROOTS), screen: run.infos[name], state: isObject(screen.state) ? screen.state : undefined };
  if (screen.title !== undefined) walkText(run, screen.title, ['title'], ctx);
  if (screen.state !== undefined) walkText(run, screen.state, ['state'], ctx);
  if (isObject(screen.data)) {
    for (const [src, d] of Object.entries(screen.data)) if (isObject(d)) checkDataSource(run, src, d, ctx);
  }
  walkActions(run, screen.onEnter, ['onEnter'], ctx);
  walkNodes(run, screen.body, ['body'], ctx);
}

function checkDataSource(run: Run, src: string, d: JsonObject, ctx: Ctx): void {
  const paged = d.paged === undefined ? undefined : isObject(d.paged) && typeof d.paged.param === 'string' ? d.paged.param : 'page';
  checkCall(run, d, ['data', src], ctx, paged ? [paged] : []);
  if (paged && d.poll !== undefined) run.add(ctx.file, ['data', src, 'poll'], say('pagedSourcePolls', { source: src }));
  if (paged) {
    checkPageParam(run, d.endpoint, paged, ['data', src, 'paged'], ctx);
    checkPagePath(run, d.endpoint, d.paged, ['data', src, 'paged'], ctx);
  }
  for (const [k, v] of Object.entries(d)) {
    if (k === 'when') walkCondition(run, v, ['data', src, k], ctx);
    else if (k !== 'endpoint' && k !== 'paged') walkText(run, v, ['data', src, k], ctx);
  }
}

export function checkForms(run: Run): void {
  const { bundle } = run;
  for (const [name, f] of Object.entries(bundle.forms)) {
    if (!run.ok.forms[name]) continue;
    const deps = [f.file, bundle.app.json, bundle.messages.json, ...(run.hosts[name] ?? []).flatMap((h) => [h, bundle.screens[h].json])];
    run.once(f.json, 'refs', deps, () => checkForm(run, name, f));
  }
}

/** a field name or text that says secret: a password, a PIN, a one-time code, a 口令 */
const SECRET_NAME = /pass|pwd|secret|otp|(^|_)pin($|_)/i;
const SECRET_TEXT = /密码|口令|验证码|\bPIN\b/i;

/**
 * A field that looks secret but is not a password field would be kept in the form's draft
 * (sessionStorage, form-draft.ts): it must be `type: password` or say `"draft": false`.
 */
function checkSecretFields(run: Run, f: File, form: JsonObject): void {
  if (form.draft === false) return;
  (form.fields as FieldConfig[]).forEach((field, i) => {
    const said = [field.label, field.placeholder].find((t) => typeof t === 'string' && SECRET_TEXT.test(t));
    if (!keeps(field) || (!SECRET_NAME.test(field.name) && said === undefined)) return;
    run.add(f.file, ['fields', i], say('secretFieldKept', { field: field.name, text: said }));
  });
}

/** the numbers each rule type needs */
export const RULE_NEEDS: Record<string, string[]> = { minLength: ['min'], maxLength: ['max'], lengthBetween: ['min', 'max'], range: ['min', 'max'], min: ['min'], max: ['max'] };

function checkForm(run: Run, name: string, f: File): void {
  const form = f.json as JsonObject;
  const hostInfos = (run.hosts[name] ?? []).map((h) => run.infos[h]).filter(Boolean);
  const ctx: Ctx = { file: f.file, roots: new Set([...SCREEN_ROOTS, 'form']), screen: mergeInfo(hostInfos) };
  const fields = (form.fields as JsonObject[]).map((x) => String(x.name));
  const fieldSet = new Set(fields);
  fields.forEach((n, i) => {
    if (fields.indexOf(n) !== i) run.add(f.file, ['fields', i, 'name'], say('fieldTwice', { field: n }));
  });
  (form.rules as JsonObject[]).forEach((r, i) => {
    if (!fieldSet.has(String(r.field))) run.add(f.file, ['rules', i, 'field'], say('ruleFieldUnknown', { found: String(r.field), fields, near: nearest(String(r.field), fields) }));
    if ((r.type === 'equalsField' || r.type === 'notEqualsField') && !fieldSet.has(String(r.other))) {
      run.add(f.file, ['rules', i, 'other'], say('ruleOtherUnknown', { found: String(JSON.stringify(r.other)), fields, near: nearest(String(r.other), fields) }));
    }
    if (r.type === 'pattern' && run.patterns && !(String(r.pattern) in run.patterns)) {
      run.add(f.file, ['rules', i, 'pattern'], say('rulePatternUnknown', { pattern: String(JSON.stringify(r.pattern)), near: nearest(String(r.pattern), Object.keys(run.patterns)) }));
    }
    for (const k of RULE_NEEDS[String(r.type)] ?? []) {
      if (r[k] === undefined) run.add(f.file, ['rules', i], say('ruleNeedsNumber', { type: String(r.type), key: k }));
    }
    for (const [k, v] of Object.entries(r)) {
      if (k === 'when') walkCondition(run, v, ['rules', i, k], ctx);
      else if (k !== 'field' && k !== 'other' && k !== 'pattern') walkText(run, v, ['rules', i, k], withRoots(ctx, ['min', 'max']));
    }
  });
  (form.fields as JsonObject[]).forEach((field, i) => {
    for (const [k, v] of Object.entries(field)) {
      if (k === 'optionsFrom' && isObject(v)) walkOptionsFrom(run, v, ['fields', i, k], ctx);
      else if (k !== 'name') walkText(run, v, ['fields', i, k], ctx);
    }
  });
  checkSecretFields(run, f, form);
  walkText(run, form.submitText, ['submitText'], ctx);
  if (isObject(form.submit)) {
    const submit = form.submit;
    checkCall(run, submit, ['submit'], ctx);
    for (const [k, v] of Object.entries(submit)) {
      if (k === 'before') walkActions(run, v, ['submit', k], ctx);
      else if (REPLY_LISTS.has(k)) walkActions(run, v, ['submit', k], withRoots(ctx, ['reply']));
      else if (k === 'successToast') walkText(run, v, ['submit', k], withRoots(ctx, ['reply']));
      else if (k !== 'endpoint') walkText(run, v, ['submit', k], ctx);
    }
  }
}
