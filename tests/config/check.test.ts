/** The config check catches what an operator can get wrong, naming file, JSON path and what was expected. */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { checkConfigArgs } from '../../scripts/check-command';
import { checkConfig, type ConfigBundle, type Problem } from '../../src/config/check';
import { configSource } from '../../src/config/source/index';
import { realSchemas } from './real-config';
import { english } from './english';

const root = path.resolve(__dirname, '..', '..');
const loaded = realSchemas();

type Json = Record<string, unknown>;
/** The real config with one change applied. */
function check(mutate: (b: { app: Json; messages: Json; routes: Json; screens: Record<string, Json>; forms: Record<string, Json> }) => void): Problem[] {
  const real = configSource({ root }).productBundle();
  const clone = structuredClone(real) as ConfigBundle;
  const view = {
    app: clone.app.json as Json,
    messages: clone.messages.json as Json,
    routes: clone.routes.json as Json,
    screens: Object.fromEntries(Object.entries(clone.screens).map(([k, v]) => [k, v.json as Json])),
    forms: Object.fromEntries(Object.entries(clone.forms).map(([k, v]) => [k, v.json as Json])),
  };
  mutate(view);
  return english(checkConfig(clone, loaded.schemas, loaded.widgets));
}

const login = (b: { screens: Record<string, Json> }) => b.screens.login as { body: Json[] };

describe('check:config', () => {
  it('passes the real config', () => {
    expect(check(() => {})).toEqual([]);
  });

  it('takes a literal true or false as a condition in a prop (disabledWhen, an entry\'s when), as ENGINE.md says; refuses a number there', () => {
    const withButton = (disabledWhen: unknown) =>
      check((b) => {
        login(b).body.push({ type: 'Button', props: { text: '提交', disabledWhen } });
      }).filter((p) => p.path.includes('disabledWhen'));
    expect(withButton(true)).toEqual([]);
    expect(withButton(false)).toEqual([]);
    expect(withButton({ path: 'loggedIn', truthy: true })).toEqual([]);
    expect(withButton(1).map((p) => p.file)).toEqual(['screens.config/screens/login.json']);
  });

  it('names an unknown widget type', () => {
    const problems = check((b) => {
      login(b).body.push({ type: 'Carousell', props: {} });
    });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ file: 'screens.config/screens/login.json', path: `/body/${login({ screens: { login: configSource({ root }).productBundle().screens.login.json as Json } }).body.length}/type` });
    expect(problems[0].message).toMatch(/^unknown widget type "Carousell" \(expected one of .*Button.*\); did you mean "Carousel"\?$/);
  });

  it('names a paged list whose source is missing, not paged, or paged wrongly', () => {
    type Screen = { data: Record<string, Json>; body: Json[] };
    const f = 'screens.config/screens/fanshui.json';
    const list = (b: { screens: Record<string, Json> }) => (b.screens.fanshui as Screen).body.findIndex((n) => n.type === 'PagedList');
    const at = list({ screens: { fanshui: configSource({ root }).productBundle().screens.fanshui.json as Json } });
    expect(check((b) => (((b.screens.fanshui as Screen).body[at].props as Json).source = 'recods'))).toEqual([
      { file: f, path: `/body/${at}/props/source`, message: 'paged data source "recods" is not declared in the screen\'s "data" (expected one of records); did you mean "records"?' },
    ]);
    expect(check((b) => (((b.screens.fanshui as Screen).body[at].props as Json).source = 'venues'))).toEqual([
      { file: f, path: `/body/${at}/props/source`, message: 'data source "venues" is not paged (add "paged": true to its entry in the screen\'s "data")' },
    ]);
    expect(check((b) => ((b.screens.fanshui as Screen).data.records.poll = 5000))).toEqual([
      { file: f, path: '/data/records/poll', message: 'a paged source does not poll (its pages load as the player scrolls; remove "poll" or "paged")' },
    ]);
    expect(check((b) => ((b.screens.fanshui as Screen).data.records.paged = { path: 'list', param: 'pgae' }))).toEqual([
      { file: f, path: '/data/records/paged', message: 'page field "pgae" is not a field of endpoint getfanshui (expected one of date, page, api_type, type); did you mean "page"?' },
    ]);
    // getfanshui's page object is under list: without a path the reply is not a page
    expect(check((b) => ((b.screens.fanshui as Screen).data.records.paged = true))).toEqual([
      { file: f, path: '/data/records/paged', message: 'the reply of endpoint getfanshui is not a page object or a list (set "path" to where the page object is)' },
    ]);
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

  it('names a field that looks secret but is not a password field, which a draft would keep (issue 39); draft: false on the field or the form answers it', () => {
    const fieldsOf = (b: { forms: Record<string, Json> }, form: string) => (b.forms[form] as Json).fields as Json[];
    const problems = check((b) => {
      // a pay password drawn as a number field; a code by its label; a secret by its name alone
      fieldsOf(b, 'withdraw-bank')[2].type = 'number';
      Object.assign(fieldsOf(b, 'addUsdtCard')[2], { type: 'text', name: 'code', label: '短信验证码', placeholder: '' });
      Object.assign(fieldsOf(b, 'withdraw-usdt')[2], { type: 'text', name: 'pin', label: '校验码', placeholder: '' });
      // the red-packet code says draft: false today
      delete fieldsOf(b, 'paycode')[1].draft;
      // answered: draft: false on the field, or on the form
      Object.assign(fieldsOf(b, 'addBankCard')[4], { type: 'number', draft: false });
      fieldsOf(b, 'changePassword')[0].type = 'number';
      (b.forms.changePassword as Json).draft = false;
    }).filter((p) => /^\/fields\/\d+$/.test(p.path));
    const advice = 'and the form\'s draft would keep what is typed in it (sessionStorage): make it "type": "password", or write "draft": false on the field';
    expect(problems.map((p) => `${p.file} ${p.path}: ${p.message}`).sort()).toEqual([
      `screens.config/forms/addUsdtCard.json /fields/2: field "code" looks like a secret ("短信验证码"), ${advice}`,
      `screens.config/forms/paycode.json /fields/1: field "pay_code" looks like a secret ("红包口令"), ${advice}`,
      `screens.config/forms/withdraw-bank.json /fields/2: field "password" looks like a secret ("支付密码"), ${advice}`,
      `screens.config/forms/withdraw-usdt.json /fields/2: field "pin" looks like a secret (its name "pin"), ${advice}`,
    ]);
  });

  it('names a field type and a rule type that do not exist, and the old names kind and check', () => {
    const typos = check((b) => {
      ((b.forms.login as Json).fields as Json[])[1].type = 'pasword';
      ((b.forms.login as Json).rules as Json[])[3].type = 'capthca';
    });
    expect(typos).toEqual([
      {
        file: 'screens.config/forms/login.json',
        path: '/fields/1/type',
        message: 'expected one of "text", "password", "number", "captcha", "select", "date", "textarea", "radio", "hidden", found "pasword"; did you mean "password"?',
      },
      {
        file: 'screens.config/forms/login.json',
        path: '/rules/3/type',
        message:
          'expected one of "required", "minLength", "maxLength", "lengthBetween", "pattern", "equalsField", "notEqualsField", "range", "min", "max", "captcha", found "capthca"; did you mean "captcha"?',
      },
    ]);
    const oldNames = check((b) => {
      const field = ((b.forms.login as Json).fields as Json[])[0];
      field.kind = field.type;
      delete field.type;
      const rule = ((b.forms.login as Json).rules as Json[])[0];
      rule.check = rule.type;
      delete rule.type;
    });
    expect(oldNames.map((p) => `${p.path}: ${p.message}`)).toEqual([
      '/fields/0: missing required property "type"',
      '/fields/0/kind: unknown property "kind" (expected one of autoComplete, default, draft, icon, inputMode, label, maxLength, min, name, options, optionsFrom, placeholder, readOnly, send, type); it is called "type" now',
      '/rules/0: missing required property "type"',
      '/rules/0/check: unknown property "check" (expected one of field, id, max, message, min, onFail, other, pattern, type, when); it is called "type" now',
    ]);
    // a list's text when it has no entry is emptyText on every widget (Repeat, Table, Tiles as on PagedList)
    const emptyWas = check((b) => {
      const tiles = ((b.screens.concise as Json).body as Json[])[1].children as Json[];
      const props = tiles[0].props as Json;
      props.empty = props.emptyText;
      delete props.emptyText;
    });
    expect(emptyWas.map((p) => `${p.file} ${p.path}: ${p.message}`)).toEqual([
      'screens.config/screens/concise.json /body/1/children/0/props/empty: Tiles: unknown property "empty" (expected one of columns, eager, emptyText, filter, height, image, items, label, onTap, subtitle, testId, title, variant, width); it is called "emptyText" now',
    ]);
  });

  it('checks the top bar\'s actions (app.json topBar.recycle) like a screen\'s, refusing what needs a screen', () => {
    const problems = check((b) => {
      const recycle = (b.app.topBar as Json).recycle as Json[];
      recycle[0].endpoint = 'transal';
      recycle.push({ type: 'reload', source: 'venues' }, { type: 'toast', text: '{{state.total}} {{reply.message}}' }, { type: 'refreshUsr' });
    });
    expect(problems.map((p) => `${p.file}: ${p.path}: ${p.message}`)).toEqual([
      'screens.config/app.json: /topBar/recycle/3/type: unknown type "refreshUsr" (expected one of api, back, copy, delay, dialog, logout, navigate, newCaptcha, openUrl, refreshUser, reload, setState, signIn, toast); did you mean "refreshUser"?',
    ]);
    // the schema first; with the types right, the references
    const refs = check((b) => {
      const recycle = (b.app.topBar as Json).recycle as Json[];
      recycle[0].endpoint = 'transal';
      recycle.push({ type: 'reload', source: 'venues' }, { type: 'toast', text: '{{state.total}} {{reply.message}}' });
    });
    expect(refs.map((p) => `${p.path}: ${p.message}`)).toEqual([
      '/topBar/recycle/0/endpoint: endpoint "transal" is not in the API catalogue (src/api/catalogue.ts); did you mean "transall"?',
      '/topBar/recycle/1/type: action "reload" acts on a screen; app.json topBar.recycle runs outside any screen (expected one of api, back, copy, delay, dialog, logout, navigate, openUrl, refreshUser, signIn, toast)',
      expect.stringMatching(/^\/topBar\/recycle\/2\/text: unknown binding root "state" in \{\{state.total\}\}/),
      '/topBar/recycle/2/text: binding root "reply" in {{reply.message}} is only in scope inside onSuccess / onError / onNetworkError / successToast of an api call or a form submit',
    ]);
  });

  it('checks an upload: the picked file as payload file, {{file}} only in an AvatarUpload\'s upload', () => {
    const problems = check((b) => {
      const avatar = ((b.screens.userInfo as { body: Json[] }).body[0].children as Json[])[0].props as Json;
      const upload = avatar.upload as Json[];
      upload[0].payload = { flie: '{{file}}' };
      upload.push({ type: 'api', endpoint: 'uploadimg' }, { type: 'api', endpoint: 'uploadimg', payload: { file: 'a.png' } });
      avatar.hint = '{{file.name}}';
      login(b).body.push({ type: 'Text', props: { text: '{{file.name}}' } });
    });
    const n = (configSource({ root }).productBundle().screens.login.json as { body: unknown[] }).body.length;
    expect(problems.map((p) => `${p.file}: ${p.path}: ${p.message}`)).toEqual([
      `screens.config/screens/login.json: /body/${n}/props/text: binding root "file" in {{file.name}} is only in scope inside an AvatarUpload's upload actions (the picked file)`,
      'screens.config/screens/userInfo.json: /body/0/children/0/props/hint: binding root "file" in {{file.name}} is only in scope inside an AvatarUpload\'s upload actions (the picked file)',
      'screens.config/screens/userInfo.json: /body/0/children/0/props/upload/0/payload: upload endpoint uploadimg needs "payload": {"file": "{{file}}"} (the picked file, sent as multipart)',
      'screens.config/screens/userInfo.json: /body/0/children/0/props/upload/0/payload/flie: payload key "flie" is not a part of upload endpoint uploadimg (expected file); did you mean "file"?',
      'screens.config/screens/userInfo.json: /body/0/children/0/props/upload/1: upload endpoint uploadimg needs "payload": {"file": "{{file}}"} (the picked file, sent as multipart)',
      'screens.config/screens/userInfo.json: /body/0/children/0/props/upload/2/payload/file: expected a binding to the picked file, such as "{{file}}", found "a.png"',
    ]);
  });

  it('names a limit of the wrong type', () => {
    const problems = check((b) => {
      (b.app.constants as Json).withdrawMin = '100';
    });
    expect(problems).toEqual([{ file: 'screens.config/app.json', path: '/constants/withdrawMin', message: 'expected a number, found "100": write 100 (a number, without quotes)' }]);
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
    const n = (configSource({ root }).productBundle().screens.login.json as { body: unknown[] }).body.length;
    expect(problems.map((p) => `${p.path}: ${p.message}`)).toEqual([
      `/body/${n}/props/text: binding root "item" in {{item.name}} is only in scope inside a widget that provides items (Repeat, PagedList, Tiles, Carousel, Table, BalanceList, DataTabs)`,
      `/body/${n + 1}/props/text: binding root "form" in {{form.name}} is only in scope inside a form file or a Form widget's footer`,
      `/body/${n + 2}/props/onTap/0/text: binding root "reply" in {{reply.message}} is only in scope inside onSuccess / onError / onNetworkError / successToast of an api call or a form submit`,
      `/body/${n + 3}/props/items: data source "x" in {{data.x}} is not declared in the screen's "data" (expected one of none)`,
    ]);
  });

  it('names a loading or failed mark of a source the screen does not declare (issue 30: failed.<source>)', () => {
    const problems = check((b) => {
      login(b).body.push({ type: 'Text', when: { path: 'failed.payWy', truthy: true }, props: { text: '{{loading.x}}' } });
    });
    const n = (configSource({ root }).productBundle().screens.login.json as { body: unknown[] }).body.length;
    expect(problems.map((p) => `${p.path}: ${p.message}`)).toEqual([
      `/body/${n}/when/path: data source "payWy" in {{failed.payWy}} is not declared in the screen's "data" (expected one of none)`,
      `/body/${n}/props/text: data source "x" in {{loading.x}} is not declared in the screen's "data" (expected one of none)`,
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
    const n = (configSource({ root }).productBundle().screens.login.json as { body: unknown[] }).body.length;
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
    const n = (configSource({ root }).productBundle().screens.login.json as { body: unknown[] }).body.length;
    expect(problems.map((p) => `${p.path}: ${p.message}`)).toEqual([
      `/body/${n}/props/text: filter "len" in {{user.balance | len:2}} takes no argument, found ":2"`,
      `/body/${n}/props/text: filter "money" in {{user.balance | money:2}} takes no argument or "short", found ":2"`,
      `/body/${n}/props/text: filter "map" in {{query.type | map}} needs an argument (a name of app.json maps)`,
      `/body/${n + 1}/props/onTap/0/payload: payload of endpoint getcard is missing required key "type"`,
      `/body/${n + 1}/props/onTap/1/payload/type: payload key "type" of endpoint getcard expects integer, found "bank"`,
    ]);
  });

  it('an address of another site in a menu entry names openUrl; target "_blank" says to write "blank" and what each target does', () => {
    type Node = { type: string; props: Json; children?: Node[] };
    const find = (nodes: Node[], test: (n: Node) => boolean, at: (string | number)[]): [Node, (string | number)[]] | undefined => {
      for (let i = 0; i < nodes.length; i++) {
        if (test(nodes[i])) return [nodes[i], [...at, i]];
        const inner = find(nodes[i].children ?? [], test, [...at, i, 'children']);
        if (inner) return inner;
      }
      return undefined;
    };
    const real = configSource({ root }).productBundle();
    const menu = (json: Json) => find((json as { body: Node[] }).body, (n) => Array.isArray(n.props?.items) && (n.props.items as Json[]).some((e) => e.to === '/recharge'), ['body'])!;
    const [menuNode, menuAt] = menu(real.screens.mine.json as Json);
    const entry = (menuNode.props.items as Json[]).findIndex((e) => e.to === '/recharge');
    expect(
      check((b) => {
        ((menu(b.screens.mine)[0].props.items as Json[])[entry]).to = 'https://pay.example.com/deposit';
      }),
    ).toEqual([
      {
        file: 'screens.config/screens/mine.json',
        path: `/${[...menuAt, 'props', 'items', entry, 'to'].join('/')}`,
        message:
          '"https://pay.example.com/deposit" is an address outside the site, not a path of routes.json: "to" (and navigate) only opens a route; to open another site use the openUrl action, { "type": "openUrl", "url": "https://pay.example.com/deposit", "target": "blank" } (in a menu entry or a cell: "onTap": [that action] in place of "to")',
      },
    ]);
    const button = (json: Json) => find((json as { body: Node[] }).body, (n) => Array.isArray(n.props?.onTap) && (n.props.onTap as Json[])[0]?.type === 'openUrl', ['body'])!;
    const [, buttonAt] = button(real.screens.appDownload.json as Json);
    expect(
      check((b) => {
        ((button(b.screens.appDownload)[0].props.onTap as Json[])[0]).target = '_blank';
      }),
    ).toEqual([
      {
        file: 'screens.config/screens/appDownload.json',
        path: `/${[...buttonAt, 'props', 'onTap', 0, 'target'].join('/')}`,
        message:
          'Button: expected one of "self", "blank", found "_blank": write "blank", without HTML\'s underscore ("blank": a new tab or window (HTML\'s "_blank"); "self" (the default): the site replaces the app in this tab)',
      },
    ]);
  });

  it('the CLI prints one line per problem and exits 1; the same folder fixed exits 0', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cfg-'));
    try {
      cpSync(path.join(root, 'screens.config'), dir, { recursive: true });
      const good = spawnSync(process.execPath, checkConfigArgs(root, ['--dir', dir]), { cwd: root, encoding: 'utf8' });
      expect(good.status).toBe(0);
      const appFile = path.join(dir, 'app.json');
      const app = JSON.parse(readFileSync(appFile, 'utf8'));
      app.constants.balancePollMs = 'fast';
      writeFileSync(appFile, JSON.stringify(app));
      writeFileSync(path.join(dir, 'screens', 'broken.json'), '{ "body": [ }');
      const bad = spawnSync(process.execPath, checkConfigArgs(root, ['--dir', dir]), { cwd: root, encoding: 'utf8' });
      expect(bad.status).toBe(1);
      // a folder outside the project is named by its absolute path; a syntax error by file:line:column, its line and a caret
      expect(bad.stderr).toContain(`${dir}/app.json: /constants/balancePollMs: expected an integer, found "fast"`);
      expect(bad.stderr).toContain(`${dir}/screens/broken.json:1:13: not valid JSON: expected a value (text in double quotes, a number, true, false, null, {…} or […]), found "}"\n> 1 | { "body": [ }\n    |             ^`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // two cold starts of the CLI (its bundle made, widget schemas, compile): on a shared 2-core machine under
    // load these alone can pass the 20 s default
  }, 60000);
});
