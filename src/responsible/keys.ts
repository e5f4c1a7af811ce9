/**
 * Where responsible play keeps its state on the device (./store.ts tells what each holds). Apart
 * from the store so that the session (src/store/session.ts, in the first paint's code) can keep
 * the device settings at logout without loading the feature itself.
 */
export const CHOICES_KEY = 'responsible.choices';
export const SESSION_KEY = 'responsible.session';
/** sessionStorage: why the member was signed out (the session limit, hours), shown on /login */
export const SIGNED_OUT_KEY = 'responsible.signedOut';
/** localStorage keys that are device settings, not session data: clearSession keeps them */
export const DEVICE_KEYS = [CHOICES_KEY];
