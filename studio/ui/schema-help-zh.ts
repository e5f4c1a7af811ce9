/**
 * The help of the config's JSON Schemas (their `description`s, written in English for editors and
 * developers) in Chinese, for the studio's forms, keyed by the English text. tests/studio/words.test.ts
 * finds every description the forms can show and fails naming one that has no Chinese here.
 */
export const SCHEMA_HELP_ZH: Record<string, string> = {};
