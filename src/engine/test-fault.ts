/**
 * A fault a test can set, honoured outside production builds only (the test build,
 * `vite build --mode test`, and the development server), as the captcha's data-code is
 * (captcha.tsx): sessionStorage `test.fault` holds a comma-separated list of
 * - `widget:<type>`: every widget of that type throws while rendering (its failure box shows);
 * - `shell`: the router throws while rendering, outside any widget (the app's error screen shows).
 * A production build compiles this to nothing.
 */
export const FAULTS_HONOURED = import.meta.env.MODE !== 'production';

const KEY = 'test.fault';

/** Throws when a test has asked `where` to fail. */
export function testFault(where: string): void {
  if (!FAULTS_HONOURED) return;
  let set: string | null;
  try {
    set = sessionStorage.getItem(KEY);
  } catch {
    return;
  }
  if (set && set.split(',').map((s) => s.trim()).includes(where)) throw new Error(`test fault: ${where}`);
}
