/**
 * Config the engine does not know shows, in a development build, as a red box naming the file,
 * the JSON path and the problem where the widget would be; a production build renders nothing
 * for an unknown widget and logs each problem once.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WidgetNode } from '../../src/config/types';
import { evalExpression } from '../../src/engine/bindings';
import { ConfigFile, NodeGuard } from '../../src/engine/render-error';

const FILE = 'screens.config/screens/wallet.json';

function render(body: WidgetNode[], target: WidgetNode): string {
  const screen = { body };
  const widget = createElement('p', null, 'the widget');
  return renderToStaticMarkup(createElement(ConfigFile, { file: FILE, json: screen, children: createElement(NodeGuard, { node: target, children: widget }) }));
}

const lines = (html: string) => [...html.matchAll(/<div>([^<]*)<\/div>/g)].map((m) => m[1].replace(/&quot;/g, '"'));

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe('render errors (development build)', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('an unknown widget type: a red box with file, JSON path and problem instead of the widget', () => {
    const bad = { type: 'Buton', props: { text: 'x' } } as WidgetNode;
    const html = render([{ type: 'Stack', children: [{ type: 'Text', props: { text: 'a' } }, bad] } as WidgetNode], bad);
    expect(html).toContain('role="alert"');
    expect(html).not.toContain('the widget');
    expect(lines(html)).toEqual([`${FILE}: /body/0/children/1/type: unknown widget type "Buton"`]);
  });

  it('an unknown action type in props and an unknown filter in a binding', () => {
    const bad = { type: 'Button', props: { text: '{{user.balance | mnoey}}', onTap: [{ type: 'api', endpoint: 'balance', onSuccess: [{ type: 'nvaigate', to: '/' }] }] } } as unknown as WidgetNode;
    const html = render([bad], bad);
    expect(lines(html)).toEqual([
      `${FILE}: /body/0/props/text: unknown filter "mnoey" in {{user.balance | mnoey}}`,
      `${FILE}: /body/0/props/onTap/0/onSuccess/0/type: unknown action type "nvaigate"`,
    ]);
  });

  it('a node the engine knows renders its widget', () => {
    const good = { type: 'Button', props: { text: '{{user.balance | money}}', onTap: [{ type: 'navigate', to: '/' }] } } as unknown as WidgetNode;
    expect(render([good], good)).toBe('<p>the widget</p>');
  });
});

describe('render errors (production build)', () => {
  it('an unknown widget renders nothing and is logged once', () => {
    vi.stubEnv('DEV', false);
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const bad = { type: 'Carousell' } as WidgetNode;
    expect(render([bad], bad)).toBe('');
    expect(render([bad], bad)).toBe('');
    expect(log.mock.calls).toEqual([[`[config] unknown widget type "Carousell" in ${FILE}`]]);
  });

  it('an unknown filter passes the value through and is logged once', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(evalExpression('user.name | uper', { user: { name: 'ab' } })).toBe('ab');
    expect(evalExpression('user.name | uper', { user: { name: 'cd' } })).toBe('cd');
    expect(log.mock.calls).toEqual([['[config] unknown filter "uper" in {{user.name | uper}}']]);
  });
});
