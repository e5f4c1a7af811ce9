// @ts-check
/**
 * Runs a TypeScript command of scripts/ as one JavaScript file, made by esbuild and kept in
 * node_modules/.cache/bundled/: `node scripts/bundled.mjs scripts/check-config.ts [args…]`.
 *
 * Why: under tsx's loader every module of a command passes through a loader thread (Node 20), which
 * made starting most of a short command's time; one file run by plain node starts at once
 * (docs/BENCH.md has the figures). It is made again when any file it was made from changed (its
 * time or size), when a file appears in a folder it read from or in the folder above (a new
 * widget's schema.ts, matched by a pattern), or when package.json, tsconfig.json, esbuild, Node's
 * major version or this file changed. It is written beside and renamed in, so runs at the same time
 * never read half a file. The command runs with `process.argv[1]` its own path, and every module
 * sees its own `import.meta.url`, as under tsx.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = fileURLToPath(import.meta.url);
const root = path.resolve(path.dirname(here), '..');
const require = createRequire(path.join(root, 'package.json'));

/** a file's time and size, or null when it is gone */
function stamp(file) {
  try {
    const s = statSync(file);
    return `${s.mtimeMs}:${s.size}`;
  } catch {
    return null;
  }
}

function listing(dir) {
  try {
    return readdirSync(dir).sort().join('/');
  } catch {
    return null;
  }
}

/**
 * What the bundle was made from, as it is now: every input's stamp, the listing of every folder of
 * the project an input lies in and of the folders above it, and what else decides the output.
 * @param {string[]} inputs absolute paths
 */
function stateOf(inputs) {
  const esbuildVersion = JSON.parse(readFileSync(require.resolve('esbuild/package.json'), 'utf8')).version;
  const folders = new Set();
  for (const file of inputs) {
    if (path.relative(root, file).split(path.sep)[0] === 'node_modules') continue;
    for (let dir = path.dirname(file); dir.startsWith(root + path.sep); dir = path.dirname(dir)) folders.add(dir);
  }
  const files = [...inputs, here, path.join(root, 'package.json'), path.join(root, 'tsconfig.json')];
  return {
    made: `esbuild ${esbuildVersion} node ${process.versions.node.split('.')[0]}`,
    files: Object.fromEntries(files.map((f) => [path.relative(root, f), stamp(f)])),
    folders: Object.fromEntries([...folders].sort().map((d) => [path.relative(root, d), listing(d)])),
  };
}

/** @param {string} file */
function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** every module its own `import.meta.url` (a bundle has one for all) */
const ownUrl = {
  name: 'own-import-meta',
  /** @param {import('esbuild').PluginBuild} build */
  setup(build) {
    build.onLoad({ filter: /\.[cm]?tsx?$/ }, (args) => {
      const url = pathToFileURL(args.path).href;
      const text = readFileSync(args.path, 'utf8')
        .replaceAll('import.meta.url', JSON.stringify(url))
        .replaceAll('import.meta.filename', JSON.stringify(args.path))
        .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(args.path)));
      return { contents: text, loader: args.path.endsWith('x') ? 'tsx' : 'ts' };
    });
  },
};

/**
 * @param {string} entry absolute path of the command
 * @param {string} out the bundle's path
 */
async function make(entry, out) {
  const { build } = await import('esbuild');
  const started = Date.now();
  const tmp = `${out}.${process.pid}.tmp`;
  const result = await build({
    entryPoints: [entry],
    // the inputs and the places of errors relative to the project, wherever the command is run from
    absWorkingDir: root,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: `node${process.versions.node.split('.')[0]}`,
    // packages' ES module builds (jsonc-parser's UMD one requires files by names only its loader knows)
    mainFields: ['module', 'main'],
    // the CommonJS packages in the bundle require Node's own modules
    banner: { js: "import { createRequire as __bundledRequire } from 'node:module'; const require = __bundledRequire(import.meta.url);" },
    outfile: tmp,
    metafile: true,
    logLevel: 'silent',
    plugins: [ownUrl],
  }).catch((/** @type {{ errors?: import('esbuild').Message[] }} */ err) => {
    // the two lines that matter (file:line:column and what is wrong), not esbuild's stack
    for (const e of err.errors ?? []) console.error(`${e.location ? `${e.location.file}:${e.location.line}:${e.location.column}: ` : ''}${e.text}`);
    process.exit(1);
  });
  renameSync(tmp, out);
  const inputs = Object.keys(result.metafile.inputs).map((f) => path.resolve(root, f));
  // a file saved while esbuild read it: the bundle may hold its old text, so it is not kept as fresh
  const touched = inputs.some((f) => (statSync(f, { throwIfNoEntry: false })?.mtimeMs ?? Infinity) >= started - 1);
  return { inputs, keep: !touched };
}

const [entryArg, ...args] = process.argv.slice(2);
if (!entryArg) {
  console.error('usage: node scripts/bundled.mjs <scripts/command.ts> [args…]');
  process.exit(1);
}
const entry = path.resolve(entryArg);
// named by the project's folder too: a copy of the project whose node_modules is a link to this
// one's (a test's) makes its own bundle, of its own files, instead of replacing this one's
const slug = `${path.relative(root, entry).replace(/[\\/]/g, '+').replace(/\.[cm]?tsx?$/, '')}-${createHash('sha256').update(root).digest('hex').slice(0, 8)}`;
const cacheDir = path.join(root, 'node_modules', '.cache', 'bundled');
const out = path.join(cacheDir, `${slug}.mjs`);
const manifestFile = path.join(cacheDir, `${slug}.json`);

const kept = readJson(manifestFile);
const fresh = kept && stamp(out) !== null && JSON.stringify(stateOf(kept.inputs.map((f) => path.resolve(root, f)))) === JSON.stringify(kept.state);
if (!fresh) {
  mkdirSync(cacheDir, { recursive: true });
  const { inputs, keep } = await make(entry, out);
  if (keep) {
    const tmp = `${manifestFile}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify({ inputs: inputs.map((f) => path.relative(root, f)), state: stateOf(inputs) }));
    renameSync(tmp, manifestFile);
  }
}
process.argv = [process.argv[0], entry, ...args];
await import(pathToFileURL(out).href);
