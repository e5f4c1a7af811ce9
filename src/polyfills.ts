/**
 * What the app and its libraries call that engines at the floor (package.json `browserslist`:
 * Chrome 64, iOS Safari 12.2) lack: loaded by src/boot.ts, before the app's code runs, and only on an
 * engine where one of them is missing (boot.ts `missingFeature`, the same list): a current phone
 * never downloads this chunk. The build lowers the syntax to the floor (scripts/browser-floor.ts);
 * `npm run lint` (eslint-plugin-compat, eslint.config.js `settings.polyfills`, the same list again)
 * fails on any other call the floor lacks. A feature added here is added to all three.
 */
import 'core-js/stable/object/from-entries'; // Chrome 73, Safari 12.1
import 'core-js/stable/string/match-all'; // Chrome 73, Safari 13
import 'core-js/stable/array/flat'; // Chrome 69
import 'core-js/stable/array/flat-map'; // Chrome 69
import 'core-js/stable/global-this'; // Chrome 71
// Chrome 66; fetch is wrapped so that an abort (the client's timeout) rejects its promise
import 'abortcontroller-polyfill/dist/polyfill-patch-fetch';
