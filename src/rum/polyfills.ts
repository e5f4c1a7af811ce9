/**
 * What web-vitals' attribution build calls that engines before Chrome 97 and Safari 15.4 lack
 * (`Array.prototype.at`, `findLast`): loaded by the collector (./collect.ts) first, only on such an
 * engine, so that an old WebView reports its FCP, TTFB, LCP and CLS instead of throwing in the
 * library's observers. Not part of src/polyfills.ts: the app itself does not call them, and an
 * engine between Chrome 73 and 96 would otherwise load that chunk before every first paint.
 */
import 'core-js/stable/array/at';
import 'core-js/stable/array/find-last';
