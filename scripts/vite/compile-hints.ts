/**
 * V8's explicit compile hint: `//# allFunctionsCalledOnLoad` on the first line of a script makes
 * Chromium (136 and later) compile every function of it while the script loads, on the thread that
 * streams it, instead of each function lazily the first time it runs. Without it a player's first
 * tap or key compiles the code it runs (React's event plugins and reconciler paths, the engine's
 * actions, react-hook-form's change) inside the tap (docs/BENCH.md has the traces). Older engines
 * read a comment.
 *
 * Only the chunks every screen's taps run: React, the app (engine and shell), the form engine,
 * antd-mobile's base parts, ui-antd (the toast and the dialog, loaded when the browser is
 * idle: without the hint the first toast compiles its code inside the tap that shows it) and
 * form-draft-keeper (the drafts, which hear every change: without it the first key compiles their
 * callback inside the key). A hint on everything would
 * compile code a visit never runs.
 */
import type { Plugin } from 'vite';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/** the chunks (their names in chunk-groups.ts, or an engine module ui.ts or form-draft-load.ts imports on demand) compiled whole as they load */
export const COMPILED_WHOLE = ['react', 'app', 'Form', 'antd-base', 'ui-antd', 'form-draft-keeper'];

/** the hint on the first line of each chunk named; assets and other chunks as they were */
export function addCompileHints(files: Iterable<{ type: string; name?: string; code?: string }>, names: readonly string[] = COMPILED_WHOLE): void {
  for (const file of files) {
    if (file.type === 'chunk' && file.name !== undefined && names.includes(file.name)) file.code = `${COMPILE_HINT}\n${file.code ?? ''}`;
  }
}

export function compileHints(names: readonly string[] = COMPILED_WHOLE): Plugin {
  return {
    name: 'compile-hints',
    apply: 'build',
    // after the minifier (which drops comments), before the floor's lowered copies and the .gz/.br files
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        addCompileHints(Object.values(bundle), names);
      },
    },
  };
}
