/** Responsible play (constants.responsible, src/responsible/): each default is one of the member's choices (or 0 = off / none), the choices ascending. */
import type { Run } from '../run';
import { isObject } from '../util';

export function checkResponsible(run: Run): void {
  const responsible = run.constants && isObject(run.constants.responsible) ? run.constants.responsible : undefined;
  if (!responsible) return;
  for (const [def, list] of [['defaultReminderMinutes', 'reminderMinutes'], ['defaultLimitHours', 'limitHours']] as const) {
    const choices = Array.isArray(responsible[list]) ? (responsible[list] as unknown[]) : [];
    if (responsible[def] !== 0 && !choices.includes(responsible[def])) {
      run.add(run.bundle.app.file, ['constants', 'responsible', def], `expected 0 or one of constants.responsible.${list} (${choices.join(', ')})`);
    }
    if (choices.some((v, i) => i > 0 && Number(v) <= Number(choices[i - 1]))) {
      run.add(run.bundle.app.file, ['constants', 'responsible', list], 'expected the choices in ascending order');
    }
  }
}
