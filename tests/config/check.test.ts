/** The config check catches what an operator can get wrong, naming file, JSON path and what was expected. */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkConfig, type ConfigBundle, type Problem, type SchemaSet, type WidgetSchemas } from '../../src/config/check';
import { loadBundle, loadSchemas, loadWidgetSchemas } from '../../scripts/config-fs';

const root = path.resolve(__dirname, '..', '..');
let schemas: SchemaSet;
let widgets: WidgetSchemas;

beforeAll(async () => {
  schemas = loadSchemas(root);
  widgets = await loadWidgetSchemas(root);
});

type Json = Record<string, unknown>;
/** The real config with one change applied. */
function check(mutate: (b: { app: Json; messages: Json; routes: Json; screens: Record<string, Json>; forms: Record<string, Json> }) => void): Problem[] {
  const real = loadBundle(root);
  const clone = structuredClone(real) as ConfigBundle;
  const view = {
    app: clone.app.json as Json,
    messages: clone.messages.json as Json,
    routes: clone.routes.json as Json,
    screens: Object.fromEntries(Object.entries(clone.screens).map(([k, v]) => [k, v.json as Json])),
    forms: Object.fromEntries(Object.entries(clone.forms).map(([k, v]) => [k, v.json as Json])),
  };
  mutate(view);
  return checkConfig(clone, schemas, widgets);
}

const login = (b: { screens: Record<string, Json> }) => b.screens.login as { body: Json[] };

describe('check:config', () => {
  it('passes the real config', () => {
    expect(check(() => {})).toEqual([]);
  });

  it('names an unknown widget type', () => {
    const problems = check((b) => {
      login(b).body.push({ type: 'Carousell', props: {} });
    });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ file: 'screens.config/screens/login.json', path: `/body/${login({ screens: { login: loadBundle(root).screens.login.json as Json } }).body.length}/type` });
    expect(problems[0].message).toMatch(/^unknown widget type "Carousell" \(expected one of .*Button.*\); did you mean "Carousel"\?$/);
  });

  it('names a route to a missing screen', () => {
    const problems = check((b) => {
      (b.routes.routes as Json[])[0].screen = 'hoem';
    });
    expect(problems).toEqual([
      { file: 'screens.config/routes.json', path: '/routes/0/screen', message: 'screen "hoem" does not exist (expected a file screens.config/screens/hoem.json); did you mean "home"?' },
    ]);
  });

  it('names a rule whose field the form lacks', () => {
    const problems = check((b) => {
      ((b.forms.login as Json).rules as Json[])[1].field = 'pasword';
    });
    expect(problems).toEqual([
      { file: 'screens.config/forms/login.json', path: '/rules/1/field', message: 'expected a field of this form (name, password, code), found "pasword"; did you mean "password"?' },
    ]);
  });

  it('names a limit of the wrong type', () => {
    const problems = check((b) => {
      (b.app.constants as Json).withdrawMin = '100';
    });
    expect(problems).toEqual([{ file: 'screens.config/app.json', path: '/constants/withdrawMin', message: 'expected a number, found "100"' }]);
  });

  it('names a missing message key, in the catalogue and where config uses one', () => {
    const missingRequired = check((b) => {
      delete (b.messages.messages as Json)['nav.alreadyHere'];
    });
    expect(missingRequired).toEqual([{ file: 'screens.config/messages.json', path: '/messages', message: 'missing required property "nav.alreadyHere"' }]);
    const missingUsed = check((b) => {
      ((b.forms.register as Json).rules as Json[])[0].message = '@register.nmae';
    });
    expect(missingUsed).toEqual([
      { file: 'screens.config/forms/register.json', path: '/rules/0/message', message: 'message key "register.nmae" is not in screens.config/messages.json; did you mean "register.name"?' },
    ]);
  });

  it('names an endpoint that is not in the API catalogue, a bad widget prop, an unknown constant and map', () => {
    const problems = check((b) => {
      ((b.forms.login as Json).submit as Json).endpoint = 'login_mobile';
      login(b).body[0].props = { variant: 'neon' };
      ((b.forms.login as Json).fields as Json[])[0].maxLength = '{{const.textMax}}';
      (b.screens.login as Json).title = '{{query.type | map:titles}}';
    });
    const lines = problems.map((p) => `${p.file}: ${p.path}: ${p.message}`);
    expect(lines).toContain('screens.config/forms/login.json: /submit/endpoint: endpoint "login_mobile" is not in the API catalogue (src/api/catalogue.ts)');
    expect(lines.some((l) => l.startsWith('screens.config/screens/login.json: /body/0/props/variant: Stack: expected one of "plain"'))).toBe(true);
    expect(lines).toContain('screens.config/forms/login.json: /fields/0/maxLength: constant "textMax" is not in app.json constants');
    expect(lines).toContain('screens.config/screens/login.json: /title: map "titles" is not in app.json maps');
  });

  it('names a scope root used where the scope lacks it: item outside a list, form outside a form, reply outside a reply handler', () => {
    const problems = check((b) => {
      login(b).body.push(
        { type: 'Text', props: { text: '{{item.name}}' } },
        { type: 'Text', props: { text: '{{form.name}}' } },
        { type: 'Button', props: { text: 'x', onTap: [{ type: 'toast', text: '{{reply.message}}' }, { type: 'api', endpoint: 'balance', onSuccess: [{ type: 'toast', text: '{{reply.message}}' }] }] } },
        { type: 'Repeat', props: { items: '{{data.x}}' }, children: [{ type: 'Text', props: { text: '{{item.name}} {{index}}' } }] },
      );
    });
    const n = (loadBundle(root).screens.login.json as { body: unknown[] }).body.length;
    expect(problems.map((p) => `${p.path}: ${p.message}`)).toEqual([
      `/body/${n}/props/text: binding root "item" in {{item.name}} is only in scope inside a widget that provides items (Repeat, PagedList, Tiles, Carousel, Table, BalanceList, DataTabs)`,
      `/body/${n + 1}/props/text: binding root "form" in {{form.name}} is only in scope inside a form file or a Form widget's footer`,
      `/body/${n + 2}/props/onTap/0/text: binding root "reply" in {{reply.message}} is only in scope inside onSuccess / onError / onNetworkError / successToast of an api call or a form submit`,
      `/body/${n + 3}/props/items: data source "x" in {{data.x}} is not declared in the screen's "data" (expected one of none)`,
    ]);
  });

  it('gives a widget\'s templates the names its schema.ts declares, and only them: item in a tile\'s title, not in the list\'s label or items', () => {
    const problems = check((b) => {
      login(b).body.push(
        { type: 'Tiles', props: { items: [{ name: 'a' }], title: '{{item.name}} {{index}}', label: '{{item.name}}', filter: { path: 'item.name', truthy: true }, onTap: [{ type: 'toast', text: '{{item.name}}' }] } },
        { type: 'Table', props: { rows: '{{item.rows}}', columns: [{ title: '{{item.name}}', value: '{{item.name}}' }] } },
        { type: 'Switch', props: { label: 'x', checked: '{{value}}', onChange: [{ type: 'toast', text: '{{value}}' }] } },
      );
    });
    const n = (loadBundle(root).screens.login.json as { body: unknown[] }).body.length;
    const where = 'is only in scope inside a widget that provides items (Repeat, PagedList, Tiles, Carousel, Table, BalanceList, DataTabs)';
    expect(problems.map((p) => `${p.path}: ${p.message}`)).toEqual([
      `/body/${n}/props/label: binding root "item" in {{item.name}} ${where}`,
      `/body/${n + 1}/props/rows: binding root "item" in {{item.rows}} ${where}`,
      `/body/${n + 1}/props/columns/0/title: binding root "item" in {{item.name}} ${where}`,
      `/body/${n + 2}/props/checked: binding root "value" in {{value}} is only in scope inside a Switch's onChange`,
    ]);
  });

  it('names a filter argument of the wrong kind, a payload without its required key and a literal of the wrong type', () => {
    const problems = check((b) => {
      login(b).body.push(
        { type: 'Text', props: { text: '{{user.balance | len:2}} {{user.balance | money:2}} {{query.type | map}}' } },
        { type: 'Button', props: { text: 'x', onTap: [{ type: 'api', endpoint: 'getcard', payload: {} }, { type: 'api', endpoint: 'getcard', payload: { type: 'bank' } }] } },
      );
    });
    const n = (loadBundle(root).screens.login.json as { body: unknown[] }).body.length;
    expect(problems.map((p) => `${p.path}: ${p.message}`)).toEqual([
      `/body/${n}/props/text: filter "len" in {{user.balance | len:2}} takes no argument, found ":2"`,
      `/body/${n}/props/text: filter "money" in {{user.balance | money:2}} takes no argument or "short", found ":2"`,
      `/body/${n}/props/text: filter "map" in {{query.type | map}} needs an argument (a name of app.json maps)`,
      `/body/${n + 1}/props/onTap/0/payload: payload of endpoint getcard is missing required key "type"`,
      `/body/${n + 1}/props/onTap/1/payload/type: payload key "type" of endpoint getcard expects integer, found "bank"`,
    ]);
  });

  it('the CLI prints one line per problem and exits 1; the same folder fixed exits 0', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cfg-'));
    try {
      cpSync(path.join(root, 'screens.config'), dir, { recursive: true });
      const tsx = path.join(root, 'node_modules', '.bin', 'tsx');
      const script = path.join(root, 'scripts', 'check-config.ts');
      const good = spawnSync(tsx, [script, '--dir', dir], { cwd: root, encoding: 'utf8' });
      expect(good.status).toBe(0);
      const appFile = path.join(dir, 'app.json');
      const app = JSON.parse(readFileSync(appFile, 'utf8'));
      app.constants.balancePollMs = 'fast';
      writeFileSync(appFile, JSON.stringify(app));
      writeFileSync(path.join(dir, 'screens', 'broken.json'), '{ "body": [ }');
      const bad = spawnSync(tsx, [script, '--dir', dir], { cwd: root, encoding: 'utf8' });
      expect(bad.status).toBe(1);
      const rel = path.relative(root, dir);
      expect(bad.stderr).toContain(`${rel}/app.json: /constants/balancePollMs: expected an integer, found "fast"`);
      expect(bad.stderr).toMatch(new RegExp(`${rel.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/screens/broken.json: /: not valid JSON`));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // two cold starts of the CLI (tsx, widget schemas, compile): on a shared 2-core machine under
    // load these alone can pass the 20 s default
  }, 60000);
});
