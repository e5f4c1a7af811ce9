/**
 * BRAND as every command takes it (build, start, serve, serve:nginx, screens, mock, check:config,
 * brands): the product when absent, else a brand of brands/. A name that is none (a typo:
 * BRAND=weinsi) is refused before anything runs, with the brands there are and the nearest one,
 * not with "run BRAND=weinsi npm run build first", a dead end.
 */
import { didYouMean } from '../src/config/checks/util.ts';
import { brandOf, configSource } from '../src/config/source/index.ts';

/** why `id` names no brand of the project (with the brands there are), or undefined when it names one */
export function unknownBrandOf(root: string, id: string): string | undefined {
  const source = configSource({ root });
  const unknown = source.unknownBrand(id);
  return unknown && `BRAND=${id}: ${unknown}${didYouMean(id, source.brandIds())}`;
}

/** The brand a command works on (BRAND; undefined: the product); one that is not there ends the command (exit 2), saying so. */
export function brandOrExit(root: string, env = process.env.BRAND): string | undefined {
  const id = brandOf(env);
  const problem = id === undefined ? undefined : unknownBrandOf(root, id);
  if (!problem) return id;
  console.error(problem);
  process.exit(2);
}
