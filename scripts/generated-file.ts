/** Write a generated file, or with --check on the command line exit 1 when the file on disk is stale. */
import { readFileSync, writeFileSync } from 'node:fs';

export function writeGenerated(file: string, text: string, label: string, regenerate: string): void {
  if (!process.argv.includes('--check')) {
    writeFileSync(file, text);
    console.log(`wrote ${label}`);
    return;
  }
  let current = '';
  try {
    current = readFileSync(file, 'utf8');
  } catch {
    /* missing counts as stale */
  }
  if (current !== text) {
    console.error(`${label} is stale: run \`${regenerate}\`.`);
    process.exit(1);
  }
  console.log(`${label} is current`);
}
