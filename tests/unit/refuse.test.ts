/**
 * A refused build says its problems and their count, and ends (scripts/vite/refuse.ts); with DEBUG
 * set it leaves the refusal to the plugin, which throws: the bundler's own error and stack then
 * follow, for whoever works on the build itself. (tests/config/brands.test.ts refuses a real build.)
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { refused } from '../../scripts/vite/refuse';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe('a refused build', () => {
  it('prints the problems, a blank line and the count on stderr, and exits 1', () => {
    vi.stubEnv('DEBUG', '');
    const written: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((s) => written.push(String(s)) > 0);
    const exit = vi.spyOn(process, 'exit').mockImplementation((() => undefined) as never);
    refused('a.json: /x: wrong', '1 problem(s) in a/');
    expect(written).toEqual(['a.json: /x: wrong\n\n1 problem(s) in a/\n']);
    expect(exit).toHaveBeenCalledWith(1);
  });

  it('with DEBUG set: says nothing and goes on, for the plugin to throw its error', () => {
    vi.stubEnv('DEBUG', '1');
    const write = vi.spyOn(process.stderr, 'write');
    const exit = vi.spyOn(process, 'exit').mockImplementation((() => undefined) as never);
    expect(refused('a.json: /x: wrong', '1 problem(s) in a/')).toBe(false);
    expect(write).not.toHaveBeenCalled();
    expect(exit).not.toHaveBeenCalled();
  });
});
