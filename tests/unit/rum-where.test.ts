/**
 * Which config node a part of the page belongs to (src/rum/where.ts), read from React's records of
 * the rendered tree: each fiber's `return` (its parent) and `memoizedProps`, the fiber a DOM element
 * carries under `__reactFiber$<random>` and a class component under `_reactInternals`. The chains
 * below are the ones the engine renders (screen.tsx Node and its ConfigFile, form.tsx FieldRow and
 * ConfigForm); the browser tests check the real thing (tests/e2e/rum.e2e.ts: the INP line's node).
 */
import { describe, expect, it } from 'vitest';
import { pathOf } from '../../src/engine/render-error';
import { fiberOf, whereOf, whereOfComponent, whereOfFiber, type Where } from '../../src/rum/where';

interface FakeFiber {
  return: FakeFiber | null;
  memoizedProps: unknown;
}

/** a chain of fibers, innermost first */
function chain(...props: unknown[]): FakeFiber {
  let parent: FakeFiber | null = null;
  const fibers = props.map((p) => ({ return: null, memoizedProps: p }) as FakeFiber);
  for (let i = fibers.length - 1; i >= 0; i--) {
    fibers[i].return = parent;
    parent = fibers[i];
  }
  return fibers[0];
}

const field = { name: 'amount', type: 'number', label: '存款金额' };
const form = { fields: [{ name: 'bank', type: 'select' }, field], rules: [], submit: { endpoint: 'recharge' } };
const footer = { type: 'Text', props: { text: '{{form.amount}}' } };
const formNode = { type: 'Form', props: { form: 'recharge-bank' }, children: [footer] };
const button = { type: 'Button', props: { text: '充值' } };
const screen = { body: [{ type: 'Stack', children: [button, formNode] }] };
const file = { value: { file: 'screens.config/screens/recharge.json', json: screen } };
/** what holds the screen: its ConfigFile provider, the screen, the router, the app */
const above = [file, { name: 'recharge' }, { children: null }, null];
const path = (w: Where | null) => w && { file: w.file, path: pathOf(w.root, w.node), type: w.type };

describe('the config node of a part of the page', () => {
  it("a widget: the innermost node's path in the screen's file", () => {
    // the button element's fiber, antd's Button, the widget ({ node, props }), its Node ({ node }), the Stack's
    const w = whereOfFiber(chain({ className: 'adm-button' }, { color: 'primary' }, { node: button, props: button.props }, { node: button }, { node: screen.body[0] }, ...above));
    expect(path(w)).toEqual({ file: 'screens.config/screens/recharge.json', path: '/body/0/children/0', type: 'Button' });
  });

  it("a form's field: its path in the form's file, not the Form widget's in the screen's", () => {
    const w = whereOfFiber(chain({ name: 'amount', type: 'number' }, { field, id: 'recharge-bank-amount' }, { field, formName: 'recharge-bank', children: null }, { fields: form.fields, formName: 'recharge-bank' }, { name: 'recharge-bank', form }, { node: formNode, props: {} }, { node: formNode }, ...above));
    expect(path(w)).toEqual({ file: 'screens.config/forms/recharge-bank.json', path: '/fields/1', type: 'number' });
  });

  it("the form's own button: its submit; a node of its footer: that node, in the screen's file", () => {
    expect(path(whereOfFiber(chain({ type: 'submit' }, { name: 'recharge-bank', form }, { node: formNode }, ...above)))).toEqual({ file: 'screens.config/forms/recharge-bank.json', path: '/submit', type: 'submit' });
    expect(path(whereOfFiber(chain({ className: 'w-text' }, { node: footer }, { extra: {} }, { name: 'recharge-bank', form }, { node: formNode }, ...above)))).toEqual({ file: 'screens.config/screens/recharge.json', path: '/body/0/children/1/children/0', type: 'Text' });
  });

  it('outside every config node (the shell\'s tab bar), or with no fiber at all: none', () => {
    expect(whereOfFiber(chain({ className: 'tabbar-item' }, { children: null }, null))).toBeNull();
    expect(whereOfFiber(null)).toBeNull();
    expect(whereOf(null)).toBeNull();
    expect(whereOf({ parentNode: null })).toBeNull();
    expect(whereOfComponent({})).toBeNull();
  });

  it("from a DOM element's key (React names it per root) or a text node inside it; from a component's _reactInternals", () => {
    const fiber = chain({ node: button }, ...above);
    const element = { parentNode: null, __reactProps$x1y2: {}, __reactFiber$x1y2: fiber };
    const text = { parentNode: element };
    expect(fiberOf(text)).toBe(fiber);
    expect(path(whereOf(text))?.path).toBe('/body/0/children/0');
    // a boundary around the widget: its fiber's parent is the widget's Node
    expect(path(whereOfComponent({ _reactInternals: chain({ type: 'Button', children: null }, { node: button }, ...above) }))?.type).toBe('Button');
  });
});
