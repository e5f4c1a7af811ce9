/** Responsible play (constants.responsible, src/responsible/): each default is one of the member's choices (or 0 = off / none), the choices ascending. */
import { say } from '../../words/index.ts';
import type { Run } from '../run';
import { isObject } from '../util';

export function checkResponsible(run: Run): void {
  const responsible = run.constants && isObject(run.constants.responsible) ? run.constants.responsible : undefined;
  if (!responsible) return;
  for (const [def, list] of [['defaultReminderMinutes', 'reminderMinutes'], ['defaultLimitHours', 'limitHours']] as const) {
    const choices = Array.isArray(responsible[list]) ? (responsible[list] as unknown[]) : [];
    const [defAt, listAt] = [['constants', 'responsible', def], ['constants', 'responsible', list]];
    if (responsible[def] !== 0 && !choices.includes(responsible[def])) {
      // each choice as join writes it (null and undefined as nothing)
      run.add(run.bundle.app.file, defAt, say('responsibleDefaultNotChoice', { list, choices: choices.map((c) => (c == null ? '' : String(c))) }));
    }
    if (choices.some((v, i) => i > 0 && Number(v) <= Number(choices[i - 1]))) {
      run.add(run.bundle.app.file, listAt, say('responsibleChoicesNotAscending', { list }));
    }
  }
}
