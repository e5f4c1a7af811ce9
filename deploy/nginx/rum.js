/*
 * Field data's collector (docs/OPERATING.md, Field data): the body of a page's beacon becomes one
 * JSON line per report, the page's context (brand, release, engine...) and the time it arrived
 * (`ts`, ISO 8601, the server's clock) merged into each. Written in the JavaScript both njs
 * (Debian's libnginx-mod-http-js, nginx's /rum: bet-h5.conf, rum.conf) and Node (the mock's /rum,
 * mock-server/rum.ts) run, so the two collectors keep the same rules:
 *
 * - the body is a JSON object `{ "v": 1, "ctx": {...}, "reports": [{...}, ...] }` (src/rum/report.ts
 *   makes it) with 1 to 50 reports; the context and each report hold only strings, numbers,
 *   booleans and nulls; each line is under 16 KB (nginx refuses a body over 16 KB before this runs);
 * - anything else is refused whole (400) and nothing of it is written.
 */
var MAX_LINE_BYTES = 16384;
var MAX_REPORTS = 50;

function utf8Bytes(s) {
  var n = 0;
  for (var i = 0; i < s.length; i++) {
    var c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c < 0xdc00) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

function isObject(v) {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** copies a flat object's fields into `to`; false when one is not a string, number, boolean or null */
function copyFlat(from, to) {
  var keys = Object.keys(from);
  for (var i = 0; i < keys.length; i++) {
    var k = keys[i];
    var v = from[k];
    if (k === '__proto__' || k === 'ts') continue;
    if (v !== null && typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean') return false;
    to[k] = v;
  }
  return true;
}

/** the body as JSON, or undefined (njs has no `catch` without a binding: the error is the answer's reason, unused) */
function parse(body) {
  try {
    return JSON.parse(body);
  } catch (error) {
    return error && undefined;
  }
}

/** The log lines of a beacon's body, or null when it is not a field report (refused: 400). */
function lines(body, now) {
  var doc = parse(body);
  if (!isObject(doc) || !Array.isArray(doc.reports) || doc.reports.length < 1 || doc.reports.length > MAX_REPORTS) return null;
  var ctx = doc.ctx === undefined ? {} : doc.ctx;
  if (!isObject(ctx)) return null;
  var out = [];
  for (var i = 0; i < doc.reports.length; i++) {
    var line = { ts: now };
    if (!isObject(doc.reports[i]) || !copyFlat(ctx, line) || !copyFlat(doc.reports[i], line)) return null;
    var text = JSON.stringify(line);
    if (utf8Bytes(text) >= MAX_LINE_BYTES) return null;
    out.push(text);
  }
  return out;
}

/** nginx's js_content of /rum: 204 and the lines in $rum_lines (logged by access_log), or 400. */
function collect(r) {
  var got = lines(r.requestText || '', new Date().toISOString());
  if (!got) {
    r.return(400);
    return;
  }
  r.variables.rum_lines = got.join('\n');
  r.return(204);
}

export default { collect: collect, lines: lines, MAX_LINE_BYTES: MAX_LINE_BYTES, MAX_REPORTS: MAX_REPORTS };
