/**
 * How problems are printed: one line each, file, JSON path, what was expected. A syntax error is
 * named by file:line:column with the line and a caret under the place; warnings come after the
 * errors, each line starting with "warning:".
 */
import type { Problem } from './types';

export const isWarning = (p: Problem): boolean => p.severity === 'warning';
/** the problems that fail the check (check:config's exit code, the build) */
export const errorsOf = <P extends Problem>(problems: readonly P[]): P[] => problems.filter((p) => !isWarning(p));

function line(p: Problem): string {
  if (p.line !== undefined) return `${p.file}:${p.line}:${p.column ?? 1}: ${p.message}${p.frame ? `\n${p.frame}` : ''}`;
  return `${isWarning(p) ? 'warning: ' : ''}${p.file}: ${p.path}: ${p.message}`;
}

export function formatProblems(problems: Problem[]): string {
  return [...errorsOf(problems), ...problems.filter(isWarning)].map(line).join('\n');
}
