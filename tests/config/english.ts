/**
 * Problems as check:config prints them: file, path, English words and the rest, without the words'
 * id and parts (`said`, what the studio words them from; tests/unit/problem-words.test.ts reads those).
 */
import type { Problem } from '../../src/config/check';

export const english = <P extends Pick<Problem, 'said'>>(problems: readonly P[]): Omit<P, 'said'>[] =>
  problems.map((p) => {
    const out: Partial<P> = { ...p };
    delete out.said;
    return out as Omit<P, 'said'>;
  });
