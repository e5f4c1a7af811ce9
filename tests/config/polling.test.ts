/** Issue 21: check:config checks constants.pollBackoff (schema ranges, and the cap against every poll interval). */
import { describe, expect, it } from 'vitest';
import type { ConfigBundle } from '../../src/config/check';
import { realConfig } from './real-config';

const config = realConfig();

type Json = Record<string, unknown>;
function check(mutate: (backoff: Json, constants: Json, bundle: ConfigBundle) => void) {
  const clone = config.copy();
  const constants = (clone.app.json as { constants: Json }).constants;
  mutate(constants.pollBackoff as Json, constants, clone);
  return config.problems(clone);
}

describe('constants.pollBackoff', () => {
  it('passes as shipped', () => {
    expect(check(() => {})).toEqual([]);
  });

  it('names the ranges of factor, maxMs and jitter, and a missing or mistyped one', () => {
    expect(check((b) => (b.factor = 1))).toEqual(['screens.config/app.json: /constants/pollBackoff/factor: expected a number of at least 1.5, found 1']);
    expect(check((b) => (b.jitter = 0.8))).toEqual(['screens.config/app.json: /constants/pollBackoff/jitter: expected a number of at most 0.5, found 0.8']);
    expect(check((b) => (b.maxMs = 7200000))).toEqual(['screens.config/app.json: /constants/pollBackoff/maxMs: expected a number of at most 3600000, found 7200000']);
    expect(check((b) => delete b.maxMs)).toEqual(['screens.config/app.json: /constants/pollBackoff: missing required property "maxMs"']);
    expect(check((b) => (b.maxMs = '60000')).join('\n')).toMatch(/^screens\.config\/app\.json: \/constants\/pollBackoff\/maxMs: expected an integer/);
    expect(check((b) => (b.facter = 2)).join('\n')).toContain('screens.config/app.json: /constants/pollBackoff/facter: unknown property "facter" (expected one of factor, jitter, maxMs); did you mean "factor"?');
  });

  it('a cap under the longest poll interval is named with that interval and where it is set', () => {
    expect(check((b) => (b.maxMs = 4000))).toEqual([
      'screens.config/app.json: /constants/pollBackoff/maxMs: expected at least the longest poll interval, 4300 (constants.balancePollMs), found 4000: a failing backend would be polled more often than a healthy one',
    ]);
    expect(check((_b, c) => (c.venuePollMoneyMs = 90000))).toEqual([
      'screens.config/app.json: /constants/pollBackoff/maxMs: expected at least the longest poll interval, 90000 (screens.config/screens/money.json data.money.poll = const.venuePollMoneyMs), found 60000: a failing backend would be polled more often than a healthy one',
    ]);
    // a poll written as a number in a screen counts too
    expect(
      check((_b, _c, bundle) => {
        ((bundle.screens.transfer.json as Json).data as Record<string, Json>).venues.poll = 120000;
      }),
    ).toEqual([
      'screens.config/app.json: /constants/pollBackoff/maxMs: expected at least the longest poll interval, 120000 (screens.config/screens/transfer.json data.venues.poll), found 60000: a failing backend would be polled more often than a healthy one',
    ]);
  });
});
