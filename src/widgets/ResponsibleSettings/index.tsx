import { useEffect, useId, useState } from 'react';
import type { ResolvedProps, WidgetProps } from '../../engine/registry';
import { message } from '../../config';
import { config, enabled, fill, onClockChange, readChoices, readClock, saveChoices, type Choices } from '../../responsible/store';
import { asText } from '../../engine/text';
import type { Props as Config } from './schema';
import './style.css';

type Props = ResolvedProps<Config>;

type Field = keyof Choices;

/** a responsible.* message with its {{places}} filled */
const responsibleText = (key: string, values: Record<string, string | number> = {}) => fill(message(`responsible.${key}`), values);

export default function ResponsibleSettings({ props }: WidgetProps<Props>) {
  const [choices, setChoices] = useState<Choices>(() => readChoices());
  const [clock, setClock] = useState(() => readClock());
  const [saved, setSaved] = useState<Partial<Record<Field, boolean>>>({});
  const id = useId();
  useEffect(() => {
    // the clock may have changed between this render and the subscription: on the app's first
    // screen the shell starts a new login's clock in an effect that runs before this one
    setClock(readClock());
    return onClockChange(() => setClock(readClock()));
  }, []);
  if (!enabled || !config) return <p className="w-rp-note">{responsibleText('off')}</p>;

  const label = (field: Field, n: number) =>
    field === 'reminder'
      ? n === 0
        ? responsibleText('reminderOff')
        : responsibleText('reminderEvery', { n })
      : n === 0
        ? responsibleText('limitNone')
        : responsibleText('limitHours', { n });

  const choose = (field: Field, n: number) => {
    const next = { ...choices, [field]: n };
    const now = saveChoices(next);
    setChoices(next);
    setClock(readClock());
    setSaved((s) => ({ ...s, [field]: field === 'reminder' ? now.reminderNow : now.limitNow }));
  };

  const group = (field: Field, options: number[], title: string) => {
    const inForce = clock ? clock[field] : choices[field];
    const pending = inForce !== choices[field];
    return (
      <div className="w-rp-group" role="radiogroup" aria-labelledby={`${id}-${field}`} data-testid={`${asText(props.testId) || 'responsible'}-${field}`}>
        <div className="w-rp-label" id={`${id}-${field}`}>
          {title}
        </div>
        <div className="w-rp-options">
          {[0, ...options].map((n) => (
            <button
              key={n}
              type="button"
              role="radio"
              aria-checked={choices[field] === n}
              className="w-rp-option"
              data-value={n}
              onClick={() => choose(field, n)}
            >
              {label(field, n)}
            </button>
          ))}
        </div>
        {pending ? (
          <p className="w-rp-note pending" role="status" data-testid={`${asText(props.testId) || 'responsible'}-${field}-note`}>
            {responsibleText('pendingNote', { text: label(field, choices[field]) })} {responsibleText('currentNote', { text: label(field, inForce) })}
          </p>
        ) : (
          saved[field] && (
            <p className="w-rp-note" role="status" data-testid={`${asText(props.testId) || 'responsible'}-${field}-note`}>
              {responsibleText('savedNow')}
            </p>
          )
        )}
      </div>
    );
  };

  return (
    <div className="w-rp" data-testid={asText(props.testId) || undefined}>
      {group('reminder', config.reminderMinutes, responsibleText('reminderLabel'))}
      {group('limit', config.limitHours, responsibleText('limitLabel'))}
    </div>
  );
}
