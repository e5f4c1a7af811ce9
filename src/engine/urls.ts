/** Url safety: server urls open only over http(s); redirects stay inside the app. */

/** An http or https url, or null. */
export function safeExternalUrl(raw: unknown): string | null {
  if (typeof raw !== 'string' || !raw.trim()) return null;
  try {
    const u = new URL(raw.trim(), typeof window === 'undefined' ? 'http://app.invalid/' : window.location.href);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : null;
  } catch {
    return null;
  }
}

/**
 * A path inside this app ("/mine", "/betRecord?type=2"), or null for anything that could leave it:
 * absolute urls, protocol-relative "//host", backslash tricks, javascript:, control characters.
 */
export function safeAppPath(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  let p = raw.trim();
  if (p.startsWith('#')) p = p.slice(1);
  if (!p.startsWith('/') || p.startsWith('//') || p.includes('\\') || /[\u0000-\u001f]/.test(p)) return null;
  try {
    const u = new URL(p, 'http://app.invalid');
    if (u.host !== 'app.invalid') return null;
    // Checked again once normalised: "/.//evil.com" and "/..//evil.com" become "//evil.com".
    const path = u.pathname + u.search;
    return path.startsWith('/') && !path.startsWith('//') && !path.includes('\\') ? path : null;
  } catch {
    return null;
  }
}
