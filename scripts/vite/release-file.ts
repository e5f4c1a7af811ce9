/**
 * The release file of a build (src/engine/release.ts reads it): `version.json` at the root of the
 * output, `{ "build": "<id>", "required": false }`, and the same id in index.html's
 * `<meta name="app-build">`, so that an open page knows its own build and can ask the site which
 * one it serves now (nginx and scripts/serve.ts send the file with no-cache; the service worker
 * does not precache it).
 *
 * - `build` is a hash of every file of the output (index.html before the meta goes in): the same
 *   sources build the same id (a rebuild stays byte-identical), any change makes a new one.
 * - `required` is true when the build runs with RELEASE_REQUIRED=1 (docs/RELEASES.md): open pages
 *   are moved to this release at their next navigation instead of being offered it. An operator
 *   may also set it by hand in the deployed version.json (a rollback that must reach everyone now).
 */
import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';

export const RELEASE_FILE = 'version.json';

export function releaseFile(): Plugin {
  return {
    name: 'release-file',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const html = bundle['index.html'];
        if (!html || html.type !== 'asset') return;
        const hash = createHash('sha256');
        for (const name of Object.keys(bundle).sort()) {
          const out = bundle[name];
          hash.update(`${name}\0`);
          hash.update(out.type === 'chunk' ? out.code : typeof out.source === 'string' ? out.source : Buffer.from(out.source));
          hash.update('\0');
        }
        const build = hash.digest('hex').slice(0, 16);
        const source = typeof html.source === 'string' ? html.source : Buffer.from(html.source).toString('utf8');
        if (!source.includes('</head>')) this.error('index.html has no </head> for the build id');
        html.source = source.replace('</head>', `<meta name="app-build" content="${build}">\n</head>`);
        const required = process.env.RELEASE_REQUIRED === '1' || process.env.RELEASE_REQUIRED === 'true';
        this.emitFile({ type: 'asset', fileName: RELEASE_FILE, source: `${JSON.stringify({ build, required })}\n` });
      },
    },
  };
}
