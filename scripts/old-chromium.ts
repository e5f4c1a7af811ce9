/**
 * Old Chromium builds for the engines test (tests/e2e/engines.e2e.ts), fetched on first use.
 *
 * The in-app browsers of WeChat, QQ, UC, Alipay and Douyin are Chromium WebViews years behind
 * (docs/BENCH.md, which phones). The npm package `chrome-aws-lambda` ships a headless Chromium inside its tarball;
 * `npm pack` brings one tarball from the npm registry (nothing else is reachable), and its
 * `bin/chromium*.br` is unpacked with Node's brotli into node_modules/.cache/old-chromium/<package
 * version>/ (with the software GL, `bin/swiftshader.tar.br`, where the package has one). `npm install`
 * downloads none of this: only the test's first use, or `tsx scripts/old-chromium.ts` ahead of it.
 */
import { spawn } from 'node:child_process';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createBrotliDecompress } from 'node:zlib';

/** The engines, by the chrome-aws-lambda version that ships them (checked with `--version`). */
export const OLD_CHROMIUMS = [
  { major: 66, pkg: '66.0.3347' },
  { major: 72, pkg: '1.11.2' },
  { major: 79, pkg: '2.0.2' },
  { major: 80, pkg: '2.1.1' },
  { major: 92, pkg: '10.1.0' },
] as const;

export type OldChromium = (typeof OLD_CHROMIUMS)[number];

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const CACHE_DIR = process.env.OLD_CHROMIUM_CACHE ?? path.join(root, 'node_modules', '.cache', 'old-chromium');

export interface CachedChromium {
  /** the executable */
  binary: string;
  /** swiftshader's libraries lie beside it (pass --use-gl=swiftshader) */
  swiftshader: boolean;
}

/** A finished unpack leaves this file last, so a half-done one (an interrupted run) is never used. */
const DONE = '.complete';

function run(cmd: string, args: string[], cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(' ')} exited with ${code}: ${err.trim()}`))));
  });
}

const unbrotli = (from: string, to: string) => pipeline(createReadStream(from), createBrotliDecompress(), createWriteStream(to));

/** The cached build of `pkg` (a chrome-aws-lambda version), fetched and unpacked when it is not there yet. */
export async function ensureOldChromium(pkg: string, log: (line: string) => void = () => undefined): Promise<CachedChromium> {
  const dir = path.join(CACHE_DIR, pkg);
  const binary = path.join(dir, 'chromium');
  if (existsSync(path.join(dir, DONE))) return { binary, swiftshader: existsSync(path.join(dir, 'libGLESv2.so')) };

  await mkdir(CACHE_DIR, { recursive: true });
  const work = await mkdtemp(path.join(CACHE_DIR, `.${pkg}-`));
  try {
    log(`fetching chrome-aws-lambda@${pkg} from the npm registry into ${dir} (once)`);
    try {
      await run('npm', ['pack', `chrome-aws-lambda@${pkg}`, '--silent', '--pack-destination', work], work);
    } catch (e) {
      throw new Error(`could not fetch chrome-aws-lambda@${pkg} with npm pack (the old Chromium builds come from the npm registry): ${(e as Error).message}`, { cause: e });
    }
    const tgz = (await readdir(work)).find((f) => f.endsWith('.tgz'));
    if (!tgz) throw new Error(`npm pack chrome-aws-lambda@${pkg} left no tarball in ${work}`);
    await run('tar', ['xzf', tgz, 'package/bin'], work);
    const bin = path.join(work, 'package', 'bin');
    const files = await readdir(bin);
    const br = files.find((f) => /^chromium.*\.br$/.test(f));
    if (!br) throw new Error(`chrome-aws-lambda@${pkg} has no bin/chromium*.br (found ${files.join(', ')})`);
    const out = path.join(work, 'out');
    await mkdir(out);
    await unbrotli(path.join(bin, br), path.join(out, 'chromium'));
    await chmod(path.join(out, 'chromium'), 0o755);
    let swiftshader = false;
    if (files.includes('swiftshader.tar.br')) {
      await unbrotli(path.join(bin, 'swiftshader.tar.br'), path.join(work, 'swiftshader.tar'));
      await run('tar', ['xf', path.join(work, 'swiftshader.tar')], out);
      swiftshader = true;
    }
    await writeFile(path.join(out, DONE), `chrome-aws-lambda@${pkg}\n`);
    await rm(dir, { recursive: true, force: true });
    await rename(out, dir);
    return { binary, swiftshader };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

// `tsx scripts/old-chromium.ts`: fill the cache ahead of the test
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const { major, pkg } of OLD_CHROMIUMS) {
    const c = await ensureOldChromium(pkg, console.log);
    console.log(`Chromium ${major}: ${c.binary}${c.swiftshader ? ' (with swiftshader)' : ''}`);
  }
}
