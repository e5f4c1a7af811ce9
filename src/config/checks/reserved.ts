/**
 * Keys no config file may use: `__proto__`, `constructor` and `prototype` name the language's own
 * members (src/config/json.ts). JSON.parse keeps them as data, but the moment a tool assigns or looks
 * one up through a plain object it reaches the object's prototype instead: a brand's whole block
 * vanishes, a constant resolves to a function. Each is an error at the file and JSON path that has it.
 */
import { isObject, isReservedKey, RESERVED_KEYS } from '../json.ts';
import { joinPointer } from '../pointer.ts';
import type { ConfigBundle, Problem } from './types.ts';
import { say, worded } from '../words/index.ts';

export function reservedKeyProblems(bundle: ConfigBundle): Problem[] {
  const out: Problem[] = [];
  const files = [bundle.app, bundle.messages, bundle.routes, ...Object.values(bundle.screens), ...Object.values(bundle.forms)];
  for (const { file, json } of files) {
    const walk = (v: unknown, at: string): void => {
      if (Array.isArray(v)) v.forEach((x, i) => walk(x, joinPointer(at, i)));
      else if (isObject(v) && !(v instanceof Error)) {
        for (const [k, x] of Object.entries(v)) {
          const here = joinPointer(at, k);
          if (isReservedKey(k)) {
            const named = bundle.origin ? bundle.origin(file, here) : { file, path: here };
            out.push({ ...named, ...worded(say('reservedKey', { key: k, reserved: [...RESERVED_KEYS] })) });
          } else walk(x, here);
        }
      }
    };
    walk(json, '');
  }
  return out;
}
