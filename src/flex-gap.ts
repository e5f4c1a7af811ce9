/**
 * Flex `gap` for the engines before it (Chrome < 84, Safari < 14.1: WeChat's and Alipay's WebViews
 * among them): they know the property (from grid) but lay flex items out without it, so icons
 * touch their labels and cards their neighbours. On such an engine only (src/boot.ts loads this
 * chunk for the build's legacy copy; it measures first and stops where gap works), the gap of each
 * flex container the app draws becomes its items' margins: left in a row, top in a column (the
 * row gap between wrapped lines is left out).
 */
function flexGapWorks(): boolean {
  const box = document.createElement('div');
  box.style.cssText = 'display:flex;flex-direction:column;row-gap:1px;position:absolute;visibility:hidden';
  box.appendChild(document.createElement('div'));
  box.appendChild(document.createElement('div'));
  document.body.appendChild(box);
  const works = box.scrollHeight === 1;
  document.body.removeChild(box);
  return works;
}

const px = (v: string) => parseFloat(v) || 0;

/** the margins the gaps of these elements ask for, read first and written after (one style pass) */
function applyGaps(elements: Element[]) {
  const writes: [HTMLElement, 'marginLeft' | 'marginTop', string][] = [];
  for (const el of elements) {
    const cs = getComputedStyle(el);
    if (cs.display !== 'flex' && cs.display !== 'inline-flex') continue;
    const column = cs.flexDirection.indexOf('column') === 0;
    const gap = column ? px(cs.rowGap) : px(cs.columnGap);
    if (!gap) continue;
    const items = Array.prototype.slice.call(el.children) as HTMLElement[];
    for (let i = 1; i < items.length; i++) writes.push([items[i], column ? 'marginTop' : 'marginLeft', `${gap}px`]);
  }
  for (const [item, side, value] of writes) item.style[side] = value;
}

if (!flexGapWorks()) {
  applyGaps(Array.prototype.slice.call(document.body.getElementsByTagName('*')) as Element[]);
  new MutationObserver((records) => {
    const touched: Element[] = [];
    for (const r of records) {
      if (r.target instanceof Element) touched.push(r.target);
      r.addedNodes.forEach((n) => {
        if (!(n instanceof Element)) return;
        touched.push(n);
        touched.push(...(Array.prototype.slice.call(n.getElementsByTagName('*')) as Element[]));
      });
    }
    applyGaps(touched);
  }).observe(document.body, { childList: true, subtree: true });
}

export {};
