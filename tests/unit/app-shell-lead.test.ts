/**
 * Issue 23: the lead the static shell draws for a screen (scripts/app-shell.ts leadOf): only a
 * static block it can draw as the app does; what is bound to data is a placeholder bar; operator
 * text is escaped and message keys are resolved.
 */
import { describe, expect, it } from 'vitest';
import { leadOf } from '../../scripts/app-shell';

const screen = (...body: unknown[]) => ({ body });
const hero = (...children: unknown[]) => ({ type: 'Stack', props: { variant: 'hero', gap: 6 }, children });

describe('the shell lead', () => {
  it('draws a hero of texts and link buttons with the widgets own classes', () => {
    const lead = leadOf(screen(hero({ type: 'Button', props: { text: '先去逛逛', variant: 'link', icon: 'left' } }, { type: 'Text', props: { text: '@welcome', variant: 'onBrandMuted' } })), { welcome: '欢迎 <光临>' });
    expect(lead).toMatch(/^<div class="w-stack w-stack-column w-stack-hero" style="gap:6px"><button type="button" class="w-link"><svg [^>]*data-icon="left">.*<\/svg>先去逛逛<\/button><p class="w-text w-text-onBrandMuted">欢迎 &lt;光临&gt;<\/p><\/div>$/);
  });

  it('a text bound to data is a bar of its line, hidden from assistive technology', () => {
    expect(leadOf(screen(hero({ type: 'Text', props: { text: '欢迎来到{{app.title}}', variant: 'title' } })), {})).toContain('<h1 class="w-text w-text-title" aria-hidden="true"><span class="shell-sk-blank">&nbsp;</span></h1>');
  });

  it('none for a first node it cannot draw exactly: another widget, a when, a filled button, a bound button', () => {
    expect(leadOf(screen({ type: 'Carousel', props: {} }), {})).toBeUndefined();
    expect(leadOf(screen({ ...hero({ type: 'Text', props: { text: 'x' } }), when: { path: 'user', empty: true } }), {})).toBeUndefined();
    expect(leadOf(screen(hero({ type: 'Button', props: { text: '登录' } })), {})).toBeUndefined();
    expect(leadOf(screen(hero({ type: 'Button', props: { text: '{{user.name}}', variant: 'link' } })), {})).toBeUndefined();
    expect(leadOf(screen(hero({ type: 'Form', props: { form: 'login' } })), {})).toBeUndefined();
    expect(leadOf(screen(), {})).toBeUndefined();
  });
});
