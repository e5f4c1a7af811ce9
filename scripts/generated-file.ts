/**
 * Write a generated file, or with --check on the command line report it when the file on disk is
 * stale (and set exit code 1, so every stale file is named, not only the first). For scripts with
 * their own generated files (gen:nginx); the project's others are in scripts/generated.ts.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export function writeGenerated(file: string, text: string, label: string, regenerate: string): void {
  let current: string | undefined;
  try {
    current = readFileSync(file, 'utf8');
  } catch {
    /* missing counts as stale */
  }
  if (!process.argv.includes('--check')) {
    if (current !== text) {
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, text);
    }
    console.log(current !== text ? `wrote ${label}` : `${label} is current`);
    return;
  }
  if (current !== text) {
    console.error(`${label} is stale: run \`${regenerate}\`.`);
    process.exitCode = 1;
    return;
  }
  console.log(`${label} is current`);
}
