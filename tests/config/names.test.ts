/**
 * Issue 36 (5): a name the player reads in many places has one key. Customer service's name (客服)
 * is app.json `brand.serviceName`, and every text that names it reads {{brand.serviceName}}; the
 * brand's own names are {{brand.siteName}} / {{brand.shortName}}. check:config warns when a text
 * writes a name out instead (like a constant's value, checks/literals.ts). Changing the name in one
 * place changes every text: here through the engine's own bindings; in a browser build in
 * tests/e2e/operator-edits.e2e.ts.
 */
import { describe, expect, it } from 'vitest';
import { brandOf } from '../../src/config/brand';
import { type ConfigBundle } from '../../src/config/check';
import { resolveText } from '../../src/engine/bindings';

import { realChecker } from './real-config';

type Json = Record<string, unknown>;
const loaded = realChecker();
const warnings = (b: ConfigBundle) =>
  loaded.check(b)
    .filter((p) => p.severity === 'warning')
    .map((p) => `${p.file}: ${p.path}: ${p.message}`);

/** every string of the config with its file and JSON path (notes for the operator left out) */
function strings(b: ConfigBundle): { at: string; text: string }[] {
  const out: { at: string; text: string }[] = [];
  const walk = (file: string, v: unknown, path: string): void => {
    if (typeof v === 'string') out.push({ at: `${file} ${path}`, text: v });
    else if (Array.isArray(v)) v.forEach((x, i) => walk(file, x, `${path}/${i}`));
    // a file's own description is a note; a widget's description (a Cell's second line) is shown
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) if (path !== '' || (k !== 'description' && k !== '$schema')) walk(file, x, `${path}/${k}`);
  };
  for (const f of [b.app, b.messages, b.routes, ...Object.values(b.screens), ...Object.values(b.forms)]) walk(f.file.replace('screens.config/', ''), f.json, '');
  return out;
}

describe('customer service has one name: brand.serviceName', () => {
  it('every text that names customer service reads it, and no text writes 客服 out', () => {
    const named = strings(loaded.real).filter((s) => s.text.includes('{{brand.serviceName}}'));
    expect(named.map((s) => s.at)).toEqual([
      'app.json /tabBar/2/label',
      'messages.json /messages/responsible.helpline',
      'routes.json /routes/6/title',
      'screens/applyagent.json /body/2/children/2/props/text',
      'screens/boutBallBet.json /body/0/children/1/props/text',
      'screens/boutBallBet.json /body/2/children/0/props/text',
      'screens/home.json /body/2/children/0/children/1/props/items/8/title',
      'screens/kefu.json /body/0/props/title',
      'screens/kefu.json /body/0/props/loadingText',
      'screens/recharge.json /body/2/children/1/props/text',
      'screens/recharge.json /body/3/children/0/props/title',
      'screens/recharge.json /body/3/children/0/props/description',
    ]);
    expect(strings(loaded.real).filter((s) => s.text.includes('客服')).map((s) => s.at)).toEqual(['app.json /brand/serviceName']);
    expect(warnings(loaded.real)).toEqual([]);
  });

  it('changing it in app.json changes every one of those texts (the tab bar, 在线客服, 人工客服存款…)', () => {
    const b = structuredClone(loaded.real);
    (b.app.json as { brand: Json }).brand.serviceName = '贴心助手';
    const brand = brandOf(b.app.json as Parameters<typeof brandOf>[0]);
    const shown = strings(b)
      .filter((s) => s.text.includes('{{brand.serviceName}}'))
      .map((s) => resolveText(s.text, { brand }));
    expect(shown).toEqual([
      '贴心助手',
      '如您觉得难以控制游戏行为，请联系在线贴心助手申请暂停或关闭账户，或向专业的心理援助机构寻求帮助。',
      '在线贴心助手',
      '3. 专属贴心助手一对一服务，提供推广素材与技术支持。',
      '常见问题与平台说明，7×24 小时在线贴心助手随时为您服务',
      '联系在线贴心助手',
      '在线贴心助手',
      '在线贴心助手',
      '正在连接贴心助手...',
      '请联系在线贴心助手，由人工为您办理存款',
      '人工贴心助手存款',
      '联系在线贴心助手，由人工为您办理存款',
    ]);
    // nothing is left that says the old name, and the renamed config checks clean
    expect(strings(b).filter((s) => s.text.includes('客服'))).toEqual([]);
    expect(loaded.check(b)).toEqual([]);
  });
});

describe('a name written out instead of its key (a warning)', () => {
  it('a name that doubles the word the texts write beside it: one warning at the name, the texts named where they are written', () => {
    const b = structuredClone(loaded.real);
    // 银河's trial: customer service named 在线管家 where texts write 在线{{brand.serviceName}}; red packets
    // off (the check reads the config without them, and names home's entry at its index as written)
    const app = b.app.json as { brand: Json; features: Json };
    app.brand.serviceName = '在线管家';
    app.features.redPacket = false;
    const home = b.screens.home.json as { body: { props: Json }[] };
    home.body[0].props.title = '{{brand.siteName}}娱乐城';
    const texts = (n: number) => `which ${n} text(s) write just`;
    expect(warnings(b)).toEqual([
      `screens.config/app.json: /brand/serviceName: brand.serviceName "在线管家" begins with "在线", ${texts(8)} before it, so they read "在线在线管家": ` +
        'screens.config/screens/boutBallBet.json /body/0/children/1/props/text "常见问题与平台说明，7×24 小时在线{{brand.serviceName}}随时为您服务", ' +
        'screens.config/screens/boutBallBet.json /body/2/children/0/props/text "联系在线{{brand.serviceName}}", ' +
        'screens.config/screens/home.json /body/2/children/0/children/1/props/items/8/title "在线{{brand.serviceName}}" and 5 more; ' +
        'leave "在线" out of the name (the texts write it), or write those texts without it',
      `screens.config/app.json: /brand/siteName: brand.siteName "星耀娱乐" ends with "娱乐", ${texts(1)} after it, so they read "星耀娱乐娱乐": ` +
        'screens.config/screens/home.json /body/0/props/title "{{brand.siteName}}娱乐城"; leave "娱乐" out of the name (the texts write it), or write those texts without it',
    ]);
    // 银河's 管家 reads 在线管家 (as the product's 客服 reads 在线客服): nothing to say (a new bundle: the check remembers files by identity)
    const c = structuredClone(loaded.real);
    Object.assign((c.app.json as { brand: Json }).brand, { serviceName: '管家' });
    Object.assign((c.app.json as { features: Json }).features, { redPacket: false });
    expect(warnings(c)).toEqual([]);
  });

  it('客服 typed into a screen, a route title, the tab bar or a message a screen shows: each named with what to write', () => {
    const b = structuredClone(loaded.real);
    const recharge = b.screens.recharge.json as { body: { children: { props: Json }[] }[] };
    recharge.body[3].children[0].props.title = '人工客服存款';
    (b.routes.json as { routes: Json[] }).routes[6].title = '在线客服';
    (b.app.json as { tabBar: Json[] }).tabBar[2].label = '客服';
    (b.messages.json as { messages: Json }).messages['responsible.helpline'] = '请联系在线客服';
    const fix = 'the value of brand.serviceName (app.json brand): write {{brand.serviceName}} instead, so the text follows the brand\'s name';
    expect(warnings(b)).toEqual([
      `screens.config/screens/recharge.json: /body/3/children/0/props/title: "人工客服存款" writes out 客服, ${fix}`,
      `screens.config/messages.json: /messages/responsible.helpline: "请联系在线客服" writes out 客服, ${fix}`,
      `screens.config/routes.json: /routes/6/title: "在线客服" writes out 客服, ${fix}`,
      `screens.config/app.json: /tabBar/2/label: "客服" writes out 客服, ${fix}`,
    ]);
    // a warning: the check still passes
    expect(loaded.check(b).filter((p) => p.severity !== 'warning')).toEqual([]);
  });

  it('the site name: both keys are named while the short name is the same; the longer name is named once, not its part', () => {
    const b = structuredClone(loaded.real);
    const home = b.screens.home.json as { body: { props: Json }[] };
    home.body[0].props.title = '星耀娱乐首页';
    expect(warnings(b)).toEqual([
      'screens.config/screens/home.json: /body/0/props/title: "星耀娱乐首页" writes out 星耀娱乐, the value of brand.siteName and brand.shortName (app.json brand): write the one it means instead ({{brand.siteName}} or {{brand.shortName}}), so the text follows the brand\'s name',
    ]);
    // a short name of its own (a new object: the check remembers each file by its identity)
    b.app = { ...b.app, json: { ...(b.app.json as Json), brand: { ...(b.app.json as { brand: Json }).brand, shortName: '星耀' } } };
    expect(warnings(b)).toEqual([
      'screens.config/screens/home.json: /body/0/props/title: "星耀娱乐首页" writes out 星耀娱乐, the value of brand.siteName (app.json brand): write {{brand.siteName}} instead, so the text follows the brand\'s name',
    ]);
  });

  it('says nothing of a note for the operator, a binding, or a message no place of the config shows (code shows it as written)', () => {
    const b = structuredClone(loaded.real);
    (b.screens.kefu.json as Json).description = '在线客服的页面';
    (b.messages.json as { messages: Json }).messages['auth.expiredContent'] = '登录已过期，请重新登录或联系客服';
    expect(warnings(b)).toEqual([]);
  });
});
