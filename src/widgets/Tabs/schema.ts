import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import { conditionRef, featureRef, keyedBy, nodesRef, type Templates } from '../../config/schema-refs';

/**
 * Tabs whose panes are node lists. The active tab lives in the url query (`queryParam`, so a
 * link can open a tab and switching keeps other query values) or in screen state (`stateKey`).
 * Switching remounts the pane: a form in it starts empty again (its draft dropped). With `prerender`, every pane is
 * rendered (hidden) once the browser is idle after the screen opened, and stays: a switch only
 * shows it (a tab whose data is prefetched shows its rows at once). With `resetOnLeave`
 * too, a pane switched away from still starts again (a fresh one rendered hidden once the browser is
 * idle): /login's modes, whose fields a toggle resets, each shown at once.
 */
export const propsSchema = {
  type: 'object',
  description: 'Tabs whose panes are node lists; the active tab lives in the url query or in screen state.',
  additionalProperties: false,
  required: ['tabs'],
  properties: {
    queryParam: { type: 'string' },
    stateKey: { type: 'string' },
    defaultKey: { type: 'string' },
    variant: { type: 'string', enum: ['line', 'segmented'] },
    sticky: { type: 'boolean' },
    prerender: {
      type: 'boolean',
      description: 'true: the other panes are rendered hidden once the browser is idle after the screen opened, and stay mounted, so a switch only shows them (a pane whose data is prefetched shows its rows at once); a pane keeps its scroll and form as they were, unless resetOnLeave',
    },
    resetOnLeave: {
      type: 'boolean',
      description: 'with prerender: a pane switched away from starts again, as without prerender (its forms empty, their drafts dropped): a fresh pane is rendered hidden once the browser is idle, so a switch back still only shows it',
    },
    tabs: {
      type: 'array',
      ...keyedBy('key'),
      minItems: 1,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['key', 'title'],
        properties: {
          key: { type: 'string' },
          title: { type: 'string' },
          when: { ...conditionRef }, feature: { ...featureRef },
          children: { ...nodesRef },
        },
      },
    },
  },
} as const satisfies JSONSchema;

/** Templates (src/config/schema-refs.ts): none: every prop but actions, conditions and nodes arrives resolved. */
export const templates = {} as const satisfies Templates;

export type Props = FromSchema<typeof propsSchema>;
