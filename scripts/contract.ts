/**
 * npm run contract -- --base URL [--user NAME --password PW [--pay-password PW]] [--write]
 *
 * Calls every endpoint of the API catalogue on the backend at URL and prints one line per call:
 * conforms, or which field is missing, extra or of the wrong type, with the reply code; an optional
 * call (catalogue flag `optional`) the backend does not serve is reported as not served. Read-only
 * unless --write (see scripts/contract-lib.ts for what --write does and undoes). Exit code 1 when
 * any reply differs from the contract. Use it on the day the app is pointed at a staging backend.
 */
import { parseArgs } from 'node:util';
import { formatLine, runContract, summary } from './contract-lib';

const { values } = parseArgs({
  options: {
    base: { type: 'string' },
    user: { type: 'string' },
    password: { type: 'string' },
    'pay-password': { type: 'string' },
    write: { type: 'boolean', default: false },
  },
});

if (!values.base) {
  console.error('usage: npm run contract -- --base URL [--user NAME --password PW [--pay-password PW]] [--write]');
  process.exit(2);
}

const lines = await runContract({ base: values.base, user: values.user, password: values.password, payPassword: values['pay-password'], write: values.write });
for (const l of lines) console.log(formatLine(l));
const s = summary(lines);
const absent = s.absent ? `, ${s.absent} optional not served` : '';
console.log(`\n${s.conforming}/${s.checked} calls conform${s.skipped ? `, ${s.skipped} skipped` : ''}${absent} (${values.write ? 'with writes' : 'read-only'}) against ${values.base}`);
process.exit(s.conforming === s.checked ? 0 : 1);
