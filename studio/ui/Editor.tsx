/**
 * The middle column: the place picked, as its outline (a screen's widgets and tabs, a form's fields
 * and rules) and the forms of the part picked, or the messages a search finds.
 */
import { useMemo } from 'react';
import type { Segment } from '../../src/config/pointer';
import type { FieldProblem } from '../studio';
import type { Bundle, validatorFor } from './SectionForm';
import { SectionForm } from './SectionForm';
import { getIn } from './model';
import type { OutlineItem, Place, Section } from './places';
import type { View } from './useView';
import type { Navigation } from './useNavigation';
import { useWords } from './words';

export interface EditorProps {
  place: Place | undefined;
  outline: OutlineItem[];
  sections: Section[];
  nav: Navigation;
  view: View;
  bundle: Bundle;
  validator: ReturnType<typeof validatorFor>;
  problems: FieldProblem[];
  /** how a section's heading names its file */
  shownFile(file: string): string;
  /** a form's fields, by the form's file */
  formFields(file: string): { name: string; label: string }[];
  /** a form's draw key: a form drawn again from the model when the brand's file refused an edit */
  epoch: string;
  onChange(section: Section, value: unknown, field: string): void;
}

export function Editor({ place, outline, sections, nav, view, bundle, validator, problems, shownFile, formFields, epoch, onChange }: EditorProps) {
  const w = useWords();
  // on a brand, whose value each field of the sections shows (drawn again after an edit, not after every answer)
  const places = useMemo(() => sections.map((s) => view.places(s.file, s.path)), [sections, view]);
  return (
    <main className="editor">
      {place?.kind === 'messages' ? <input className="search" type="search" placeholder={w.findMessage} aria-label={w.findMessage} value={nav.search} onChange={(e) => nav.setSearch(e.target.value)} /> : null}
      {outline.length ? (
        <ul className="outline" aria-label={w.outline}>
          {outline.map((o) => (
            <li key={o.id} style={{ paddingLeft: o.depth * 14 }}>
              <button type="button" className={o.id === nav.itemId ? 'on' : ''} disabled={!o.sections.length} onClick={() => nav.pickItem(o.id)}>
                {o.label}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {sections.map((s, i) => (
        <SectionForm
          key={`${epoch}|${s.file}|${s.path.join('/')}|${(s.keys ?? []).join(',')}`}
          section={s}
          bundle={bundle}
          validator={validator}
          value={getIn(view.json(s.file), s.path as Segment[])}
          problems={problems}
          places={places[i]}
          formFields={formFields(s.file)}
          shownFile={shownFile(s.file)}
          onChange={onChange}
        />
      ))}
      {!sections.length && outline.length ? <p className="hint">{w.pickPart}</p> : null}
    </main>
  );
}
