/**
 * The layout rules of issue 17, measured in the page as it is drawn (run with page.evaluate):
 *   sideways  the page is wider than the viewport (it would scroll sideways)
 *   overlap   a text (or picture) is drawn over another text, both in the same layer: content
 *             scrolling under a fixed or sticky bar, and overlays over the page, are other layers
 *   wrap      a short button or tab label (at most SHORT_LABEL characters) breaks over two lines
 *   target    a button, link or tab is smaller than 44x44 px (links inside running text excepted)
 * What is clipped away (overflow hidden, an ellipsis, a carousel's other slides) is not drawn and
 * not measured.
 */
import type { Page } from 'playwright-core';

export interface Defect {
  kind: 'sideways' | 'overlap' | 'wrap' | 'target';
  detail: string;
}

export const SHORT_LABEL = 6;
export const MIN_TARGET = 44;

export async function layoutDefects(page: Page): Promise<Defect[]> {
  // tsx (esbuild keepNames) wraps named inner functions in __name(); give the page a no-op one
  await page.evaluate('window.__name = window.__name || ((f) => f)');
  return page.evaluate(
    ({ shortLabel, minTarget }) => {
      type Box = { l: number; t: number; r: number; b: number };
      const out: { kind: 'sideways' | 'overlap' | 'wrap' | 'target'; detail: string }[] = [];
      const vw = document.documentElement.clientWidth;
      const vh = window.innerHeight;

      const describe = (el: Element): string => {
        const h = el as HTMLElement;
        const id = h.dataset?.testid ? `[data-testid=${h.dataset.testid}]` : '';
        const cls = [...el.classList].slice(0, 2).map((c) => `.${c}`).join('');
        const text = (h.innerText ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 24);
        return `${el.tagName.toLowerCase()}${id}${cls}${text ? ` "${text}"` : ''}`;
      };
      const inter = (a: Box, b: Box): Box => ({ l: Math.max(a.l, b.l), t: Math.max(a.t, b.t), r: Math.min(a.r, b.r), b: Math.min(a.b, b.b) });
      const empty = (a: Box) => a.r - a.l < 0.5 || a.b - a.t < 0.5;
      const box = (r: DOMRect): Box => ({ l: r.left, t: r.top, r: r.right, b: r.bottom });

      /** The part of the page an element's content can be seen in: its clipping ancestors' boxes. */
      const clipCache = new Map<Element, Box>();
      const clipOf = (el: Element | null): Box => {
        const all: Box = { l: -1e6, t: -1e6, r: 1e6, b: 1e6 };
        if (!el || el === document.documentElement || el === document.body) return all;
        const hit = clipCache.get(el);
        if (hit) return hit;
        const cs = getComputedStyle(el);
        let clip = cs.position === 'fixed' ? all : clipOf(el.parentElement);
        if (cs.overflowX !== 'visible' || cs.overflowY !== 'visible') {
          const r = box(el.getBoundingClientRect());
          clip = inter(clip, {
            l: cs.overflowX === 'visible' ? -1e6 : r.l,
            r: cs.overflowX === 'visible' ? 1e6 : r.r,
            t: cs.overflowY === 'visible' ? -1e6 : r.t,
            b: cs.overflowY === 'visible' ? 1e6 : r.b,
          });
        }
        clipCache.set(el, clip);
        return clip;
      };
      /** The layer an element is drawn in: its nearest fixed or sticky ancestor (or the page). */
      const layerCache = new Map<Element, Element | null>();
      const layerOf = (el: Element | null): Element | null => {
        if (!el || el === document.body) return null;
        if (layerCache.has(el)) return layerCache.get(el) ?? null;
        const p = getComputedStyle(el).position;
        const layer = p === 'fixed' || p === 'sticky' ? el : layerOf(el.parentElement);
        layerCache.set(el, layer);
        return layer;
      };
      const seen = (el: Element) => el.checkVisibility({ opacityProperty: true, visibilityProperty: true });

      // sideways: the page is wider than the viewport
      const sw = document.scrollingElement?.scrollWidth ?? vw;
      if (sw > vw + 1) {
        const wide = [...document.body.querySelectorAll('*')]
          .filter((e) => {
            if (!seen(e)) return false;
            const r = inter(box(e.getBoundingClientRect()), clipOf(e.parentElement));
            return !empty(r) && r.r > vw + 1;
          })
          .slice(-3)
          .map(describe);
        out.push({ kind: 'sideways', detail: `page is ${sw}px wide in a ${vw}px viewport: ${wide.join(' | ')}` });
      }

      // overlap: text boxes (line by line) and pictures, clipped to what is seen
      type Item = { el: Element; layer: Element | null; b: Box; text: boolean };
      const items: Item[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      const range = document.createRange();
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        if (!n.textContent?.trim()) continue;
        const el = n.parentElement;
        if (!el || !seen(el) || el.closest('[aria-hidden=true], script, style, noscript')) continue;
        range.selectNodeContents(n);
        const clip = clipOf(el);
        for (const r of range.getClientRects()) {
          const b = inter(box(r), clip);
          if (!empty(b)) items.push({ el, layer: layerOf(el), b, text: true });
        }
      }
      for (const img of document.querySelectorAll('img, canvas, svg:not(svg svg)')) {
        if (!seen(img)) continue;
        const b = inter(box(img.getBoundingClientRect()), clipOf(img.parentElement));
        if (!empty(b)) items.push({ el: img, layer: layerOf(img), b, text: false });
      }
      items.sort((a, b) => a.b.t - b.b.t);
      const reported = new Set<string>();
      for (let i = 0; i < items.length; i++) {
        const a = items[i];
        for (let j = i + 1; j < items.length && items[j].b.t < a.b.b; j++) {
          const b = items[j];
          if (a.el === b.el || a.layer !== b.layer || (!a.text && !b.text)) continue;
          if (!a.text && a.el.contains(b.el)) continue;
          const o = inter(a.b, b.b);
          if (o.r - o.l <= 2 || o.b - o.t <= 2) continue;
          const key = `${describe(a.el)} / ${describe(b.el)}`;
          if (reported.has(key)) continue;
          reported.add(key);
          out.push({ kind: 'overlap', detail: `${key} overlap by ${Math.round(o.r - o.l)}x${Math.round(o.b - o.t)}px` });
        }
      }

      // wrap and target: buttons, links, tabs
      const controls = [
        ...document.querySelectorAll<HTMLElement>('button, a[href], [role=button], [role=tab], [role=link], .adm-tabs-tab, .adm-capsule-tabs-tab, .adm-segmented-item, input[type=checkbox], input[type=radio]'),
      ].filter((e) => seen(e) && !e.closest('[aria-hidden=true]'));
      for (const c of controls) {
        const outer = c.parentElement?.closest('button, a[href], [role=button], [role=tab], .adm-tabs-tab');
        if (outer && controls.includes(outer as HTMLElement)) continue; // the outer control is the target
        const seenBox = inter(box(c.getBoundingClientRect()), clipOf(c.parentElement));
        if (empty(seenBox) || seenBox.b < 0 || seenBox.t > Math.max(vh, document.documentElement.scrollHeight)) continue;
        const label = (c.innerText ?? '').trim();
        if (label && [...label].length <= shortLabel && !label.includes('\n')) {
          // a label breaks when one of its texts is set on more than one line (an icon above the label is no break)
          const texts = document.createTreeWalker(c, NodeFilter.SHOW_TEXT);
          let lines = 1;
          for (let n = texts.nextNode(); n; n = texts.nextNode()) {
            if (!n.textContent?.trim()) continue;
            range.selectNodeContents(n);
            const bottoms = new Set([...range.getClientRects()].filter((r) => r.width > 0.5 && r.height > 0.5).map((r) => Math.round(r.bottom)));
            lines = Math.max(lines, bottoms.size);
          }
          if (lines > 1) out.push({ kind: 'wrap', detail: `${describe(c)} breaks over ${lines} lines` });
        }
        // layout size, not the drawn box: a dialog still scaling in is measured at its real size
        const r = { width: c.offsetWidth || c.getBoundingClientRect().width, height: c.offsetHeight || c.getBoundingClientRect().height };
        const inline = c.tagName === 'A' && getComputedStyle(c).display === 'inline' && [...(c.parentElement?.childNodes ?? [])].some((n) => n.nodeType === 3 && n.textContent?.trim());
        if (!inline && (r.width < minTarget - 0.5 || r.height < minTarget - 0.5)) {
          out.push({ kind: 'target', detail: `${describe(c)} is ${Math.round(r.width)}x${Math.round(r.height)}px` });
        }
      }
      return out;
    },
    { shortLabel: SHORT_LABEL, minTarget: MIN_TARGET },
  );
}
