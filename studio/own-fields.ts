/**
 * The definitions of the studio's schema bundle (studio/schemas.ts) that the page draws with fields
 * of its own (studio/ui/fields/), by their reference: the page registers each field under its
 * reference (react-jsonschema-form's uiSchema `ui:definitions`).
 */
export const OWN_FIELDS = {
  condition: '#/definitions/common.schema.json/definitions/condition',
  actions: '#/definitions/common.schema.json/definitions/actions',
  rule: '#/definitions/form.schema.json/definitions/rule',
  nodes: '#/definitions/studio.schema.json/definitions/nodes',
  values: '#/definitions/studio.schema.json/definitions/values',
  value: '#/definitions/studio.schema.json/definitions/value',
} as const;
