/** How problems are printed: one line each, file, JSON path, what was expected. */
import type { Problem } from './types';

export function formatProblems(problems: Problem[]): string {
  return problems.map((p) => `${p.file}: ${p.path}: ${p.message}`).join('\n');
}
