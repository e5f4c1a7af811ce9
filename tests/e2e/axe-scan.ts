/**
 * axe-core on a page and the frames inside it, as @axe-core/playwright's AxeBuilder.analyze() does it
 * (axe.runPartial in every frame, axe.finishRun over the parts in a page of its own), for a test
 * that scans many screens of one open page: axe's source goes into a document once (a frame of the
 * app stays the same document across hash routes; a new frame gets it when first seen), and
 * finishRun always runs in the same blank page. AxeBuilder injects the 600 KB source into every
 * frame and opens (and closes) a new blank page on every call: about a third of its time.
 */
import axe from 'axe-core';
import type { AxeResults, PartialResult, RunOptions } from 'axe-core';
import type { Browser, Frame, Page } from 'playwright-core';

/** the same configuration AxeBuilder gives axe where runPartial exists */
const CONFIGURE = 'axe.configure({ allowedOrigins: ["<same_origin>"], branding: { application: "playwright" } })';

async function inject(frame: Frame): Promise<void> {
  if (await frame.evaluate('typeof window.axe?.runPartial === "function"')) return;
  await frame.evaluate(axe.source);
  await frame.evaluate(CONFIGURE);
}

/** axe.runPartial in `frame` and, recursively, in the frames axe names inside it (a frame that fails is left out, as AxeBuilder does) */
async function partials(frame: Frame, context: unknown, options: RunOptions, top: boolean): Promise<(PartialResult | null)[]> {
  const frameContexts = await frame.evaluate((c) => (window as unknown as { axe: typeof axe }).axe.utils.getFrameContexts(c as never), context);
  const own = frame.evaluate(({ c, o }) => (window as unknown as { axe: typeof axe }).axe.runPartial(c as never, o), { c: context, o: options });
  own.catch(() => undefined);
  const children: Promise<(PartialResult | null)[]>[] = [];
  for (const { frameSelector, frameContext } of frameContexts) {
    let child: Promise<(PartialResult | null)[]> | null = null;
    try {
      const handle = await frame.evaluateHandle((s) => (window as unknown as { axe: typeof axe }).axe.utils.shadowSelect(s as never), frameSelector);
      const childFrame = await handle.asElement()?.contentFrame();
      if (childFrame) {
        await Promise.race([inject(childFrame), new Promise((_, reject) => setTimeout(() => reject(new Error('Script Timeout')), 1000))]);
        child = partials(childFrame, frameContext, options, false);
        child.catch(() => undefined);
      }
    } catch {
      /* a frame axe cannot enter: its part is null, as in AxeBuilder */
    }
    children.push(child ? child.catch(() => [null]) : Promise.resolve([null]));
  }
  try {
    const parent = await own;
    return [parent, ...(await Promise.all(children)).flat(1)];
  } catch (e) {
    if (top) throw e;
    return [null];
  }
}

/** A scanner for pages of `browser`: one blank page where every scan's parts are put together. */
export function axeScanner(browser: Browser): { scan: (page: Page) => Promise<AxeResults>; close: () => Promise<void> } {
  let blank: Promise<Page> | null = null;
  const finisher = () =>
    (blank ??= (async () => {
      const page = await browser.newPage();
      await page.evaluate(axe.source);
      await page.evaluate(CONFIGURE);
      return page;
    })());
  return {
    async scan(page) {
      const context = { exclude: [], include: [] };
      await inject(page.mainFrame());
      const parts = await partials(page.mainFrame(), context, {}, true);
      const finish = await finisher();
      return finish.evaluate(({ p, o }) => (window as unknown as { axe: typeof axe }).axe.finishRun(p as PartialResult[], o), { p: parts, o: {} as RunOptions });
    },
    async close() {
      if (blank) await (await blank).context().close();
    },
  };
}
