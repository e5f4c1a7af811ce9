/**
 * The polls' backoff (app.json constants.pollBackoff, src/engine/poll.ts) against the polls
 * themselves: its cap must be at least every poll interval (the balance poll's, and each screen
 * data source's `poll`, a number or `{{const.NAME}}`), or a failing backend would be asked more
 * often than a healthy one. The ranges of factor, maxMs and jitter are the schema's.
 */
import { say } from '../../words/index.ts';
import type { Run } from '../run';
import { isObject } from '../util';

export function checkPolling(run: Run): void {
  const constants = run.constants;
  const backoff = constants?.pollBackoff;
  if (!constants || !isObject(backoff) || typeof backoff.maxMs !== 'number') return;
  const constant = (path: string): unknown => path.split('.').reduce<unknown>((o, k) => (isObject(o) ? o[k] : undefined), constants);

  const intervals: { ms: number; where: string }[] = [];
  if (typeof constants.balancePollMs === 'number') intervals.push({ ms: constants.balancePollMs, where: 'constants.balancePollMs' });
  for (const screen of Object.values(run.bundle.screens)) {
    const data = isObject(screen.json) && isObject(screen.json.data) ? screen.json.data : {};
    for (const [name, source] of Object.entries(data)) {
      const poll = isObject(source) ? source.poll : undefined;
      const named = typeof poll === 'string' ? /^\{\{\s*const\.([\w.]+)\s*\}\}$/.exec(poll) : null;
      const ms = typeof poll === 'number' ? poll : named ? constant(named[1]) : undefined;
      if (typeof ms === 'number') intervals.push({ ms, where: `${screen.file} data.${name}.poll${named ? ` = const.${named[1]}` : ''}` });
    }
  }
  const longest = intervals.reduce<{ ms: number; where: string } | undefined>((a, b) => (!a || b.ms > a.ms ? b : a), undefined);
  if (!longest || backoff.maxMs >= longest.ms) return;
  const at = ['constants', 'pollBackoff', 'maxMs'];
  run.add(run.bundle.app.file, at, say('pollBackoffBelowInterval', { interval: longest.ms, where: longest.where, maxMs: backoff.maxMs }));
}
