/**
 * A form's edit made into the layers (useView), and what is said about it: an edit a brand's file
 * cannot take is refused in the operator's words and the form drawn again from the edits (`epoch`);
 * the page's other notices (a save) share the same line under the top bar.
 */
import { useCallback, useState } from 'react';
import type { Layers } from './model';
import type { Section } from './places';
import { Refusal, type View } from './useView';
import type { Words } from './words';

/** A refusal of the brand's file, in the operator's words. */
const refusalWords = (w: Words, err: Refusal) => {
  const y = err.why;
  return y.kind === 'roundTrip' ? w.refusals.roundTrip : y.kind === 'duplicate' ? w.refusals.duplicate(y.at, y.key, y.value) : w.refusals[y.kind](y.at, y.key);
};

export function useChanges(view: View, layers: Layers, apply: (next: (l: Layers) => Layers, key: string) => void, w: Words) {
  const [notice, setNotice] = useState<{ text: string; bad?: boolean } | null>(null);
  /** a form drawn again from the model (after an edit the brand's file cannot take) */
  const [epoch, setEpoch] = useState(0);
  const tryEdit = useCallback(
    (make: () => void) => {
      try {
        make();
      } catch (err) {
        if (!(err instanceof Refusal)) throw err;
        setNotice({ text: w.notChanged(refusalWords(w, err)), bad: true });
        setEpoch((n) => n + 1);
      }
    },
    [w],
  );
  const onChange = useCallback(
    (section: Section, value: unknown, field: string) =>
      tryEdit(() => {
        const next = view.changed(layers, section, value);
        if (next) apply(() => next, field);
      }),
    [tryEdit, view, layers, apply],
  );
  const backTo = useCallback((file: string, pointer: string) => tryEdit(() => apply(() => view.back(layers, file, pointer), `back:${file}${pointer}`)), [tryEdit, view, layers, apply]);
  return { notice, setNotice, epoch, onChange, backTo };
}
