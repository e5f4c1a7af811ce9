/**
 * The studio's page, bundled with esbuild (a dependency already) into memory when the studio starts:
 * about a second, nothing written to disk, nothing of it in the players' build (vite.config.ts never
 * sees studio/). React, react-jsonschema-form and the few modules of src/ the page draws with (the
 * contrast of brand.ts, the icon outlines) are bundled in.
 */
import path from 'node:path';
import { build } from 'esbuild';

export interface Ui {
  html: string;
  js: string;
  css: string;
}

export async function buildUi(root: string): Promise<Ui> {
  const out = await build({
    entryPoints: [path.join(root, 'studio', 'ui', 'main.tsx')],
    bundle: true,
    write: false,
    outdir: path.join(root, 'studio', 'out'),
    entryNames: 'studio',
    format: 'esm',
    target: 'es2022',
    jsx: 'automatic',
    minify: false,
    legalComments: 'none',
    define: { 'process.env.NODE_ENV': '"development"' },
    logLevel: 'warning',
  });
  const text = (ext: string) => out.outputFiles.find((f) => f.path.endsWith(ext))?.text ?? '';
  return {
    html: '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Studio</title><link rel="stylesheet" href="/studio.css"></head><body><div id="root"></div><script type="module" src="/studio.js"></script></body></html>',
    js: text('.js'),
    css: text('.css'),
  };
}
