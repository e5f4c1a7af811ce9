/**
 * A problem's words as data: which message it is (`id`, a key of the catalogue in ./index.ts) and
 * the parts it is made of, beside its English text. check:config prints the text; the studio words
 * the same problem in its operator's language from the id and the parts (studio/ui/problem-words/).
 * A part may be another message (a widget's props problem inside "widget: …"), so it is worded in
 * the same language as the whole. Parts are JSON: they travel from the studio's server to its page.
 */
export type Part = string | number | boolean | null | undefined | readonly Part[] | Said | { readonly [name: string]: Part };

export interface Said {
  id: string;
  parts: { readonly [name: string]: Part };
  /** the English words, as check:config prints them */
  text: string;
}

export const isSaid = (v: unknown): v is Said =>
  !!v && typeof v === 'object' && typeof (v as Said).id === 'string' && typeof (v as Said).text === 'string' && !!(v as Said).parts && typeof (v as Said).parts === 'object';
