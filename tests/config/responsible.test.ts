/** Issue 16: check:config checks constants.responsible (schema, and each default among its choices). */
import { describe, expect, it } from 'vitest';
import { lateUses } from '../../src/config/format/old-uses';
import { withLateHints } from '../../src/config/format/messages';
import { realConfig } from './real-config';

const config = realConfig();

type Responsible = Record<string, unknown>;
function check(mutate: (r: Responsible, app: Record<string, unknown>) => void) {
  const clone = config.copy();
  const app = clone.app.json as { constants: { responsible: Responsible } };
  mutate(app.constants.responsible, app as unknown as Record<string, unknown>);
  return config.problems(clone);
}

describe('constants.responsible', () => {
  it('passes as shipped', () => {
    expect(check(() => {})).toEqual([]);
  });

  it('names a default that is not one of the choices', () => {
    expect(check((r) => (r.defaultReminderMinutes = 50))).toEqual([
      'screens.config/app.json: /constants/responsible/defaultReminderMinutes: expected 0 or one of constants.responsible.reminderMinutes (15, 30, 45, 60, 90, 120)',
    ]);
    expect(check((r) => (r.defaultLimitHours = 3))).toEqual([
      'screens.config/app.json: /constants/responsible/defaultLimitHours: expected 0 or one of constants.responsible.limitHours (1, 2, 4, 8)',
    ]);
  });

  it('wants the choices ascending', () => {
    expect(check((r) => (r.limitHours = [1, 4, 2, 8]))).toEqual(['screens.config/app.json: /constants/responsible/limitHours: expected the choices in ascending order']);
  });

  it('checks types, ranges and typos through the schema, naming the path', () => {
    const wrong = check((r) => (r.limitWarningMinutes = 'yes'));
    expect(wrong).toHaveLength(1);
    expect(wrong[0]).toMatch(/^screens\.config\/app\.json: \/constants\/responsible\/limitWarningMinutes: /);
    const typo = check((r) => {
      r.limitWarningMinute = 5;
    });
    expect(typo.join('\n')).toContain('/constants/responsible');
    expect(typo.join('\n')).toContain('limitWarningMinute');
    expect(check((r) => (r.reminderMinutes = [0, 15])).join('\n')).toContain('/constants/responsible/reminderMinutes/0');
  });

  it('refuses {{const.responsible.X}} for a field that does not exist', () => {
    const clone = config.copy();
    const mine = clone.screens.mine.json as { body: unknown[] };
    mine.body.push({ type: 'Text', props: { text: '{{const.responsible.helpArticleTyp}}' } });
    expect(config.problems(clone)).toContain('screens.config/screens/mine.json: /body/' + (mine.body.length - 1) + '/props/text: constant "responsible.helpArticleTyp" is not in app.json constants; did you mean "helpArticleType"?');
  });

  it('is switched in one place with the other features: the old constants.responsible.enabled, typed into a file of today\'s format, says where it went', () => {
    // (in a file of an older format it is an old use npm run migrate rewrites: tests/config/migrations/responsible-play-feature.test.ts)
    const clone = config.copy();
    (clone.app.json as { constants: { responsible: Responsible } }).constants.responsible.enabled = false;
    expect(withLateHints(config.problemList(clone), lateUses(clone)).map((p) => `${p.file}: ${p.path}: ${p.message}`)).toEqual([
      'screens.config/app.json: /constants/responsible/enabled: unknown property "enabled" (expected one of defaultLimitHours, defaultReminderMinutes, helpArticleType, limitHours, limitWarningMinutes, reminderMinutes); "constants.responsible.enabled" is "features.responsiblePlay" since config format 3 (every feature is switched in one place, app.json "features"): write it so here (`npm run migrate` rewrites only files older than format 3)',
    ]);
  });
});
