/**
 * What an editor that follows `$schema` sees: the generated refs.schema.json lists the widget
 * types, action types, endpoints, filters and icons, and the generated widgets.schema.json each
 * widget's props, so the real config passes and a typo in one of those names is flagged where it is typed.
 */
import Ajv, { type ValidateFunction } from 'ajv';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { configSource, loadSchemas } from '../../src/config/source/index';

const root = path.resolve(__dirname, '..', '..');
const bundle = configSource({ root }).productBundle();
let screen: ValidateFunction;
let form: ValidateFunction;
type Json = Record<string, unknown>;

beforeAll(() => {
  const s = loadSchemas(root);
  // an editor does not know ajv's discriminator keyword: plain draft-07 with the full enums
  const ajv = new Ajv({ allErrors: true, strict: false });
  const widgets = JSON.parse(readFileSync(path.join(root, 'screens.config', 'schema', 'widgets.schema.json'), 'utf8')) as object;
  ajv.addSchema(s.refs).addSchema(widgets).addSchema(s.common, 'common.schema.json').addSchema(s.screen, 'screen.schema.json');
  screen = ajv.getSchema('screen.schema.json') as ValidateFunction;
  form = ajv.compile(s.form);
});

const errorsOf = (v: ValidateFunction, json: unknown) => (v(json) ? [] : (v.errors ?? []).map((e) => `${e.instancePath} ${e.keyword}`));

describe('the editor schemas', () => {
  it('accept every real screen and form', () => {
    for (const s of Object.values(bundle.screens)) expect(errorsOf(screen, s.json), s.file).toEqual([]);
    for (const f of Object.values(bundle.forms)) expect(errorsOf(form, f.json), f.file).toEqual([]);
  });

  it('flag a misspelled widget type, endpoint, binding filter, icon, action type in props and prop key where they are typed', () => {
    const login = structuredClone(bundle.screens.login.json) as { body: Json[] };
    login.body[0].type = 'Stakc';
    expect(errorsOf(screen, login)).toContain('/body/0/type enum');

    const activity = structuredClone(bundle.screens.activityInfo.json) as { data: Record<string, Json>; title?: string };
    activity.data.detail.endpoint = 'activitydetail';
    activity.title = '{{query.id | nmuber}}';
    const errors = errorsOf(screen, activity);
    expect(errors).toContain('/data/detail/endpoint enum');
    expect(errors).toContain('/title pattern');

    const button = { type: 'Button', props: { text: 'x', icon: 'wallte', onTap: [{ type: 'nvaigate', to: '/' }], varient: 'primary' } };
    const withButton = { body: [button] };
    const buttonErrors = errorsOf(screen, withButton);
    expect(buttonErrors).toContain('/body/0/props/icon enum');
    expect(buttonErrors).toContain('/body/0/props/onTap/0/type const');
    expect(buttonErrors).toContain('/body/0/props additionalProperties');

    const loginForm = structuredClone(bundle.forms.login.json) as { submit: Json };
    loginForm.submit.endpoint = 'login_cp';
    expect(errorsOf(form, loginForm)).toContain('/submit/endpoint enum');
  });
});
