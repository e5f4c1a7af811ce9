/**
 * The Content-Security-Policy of the production build: scripts only from this origin (no
 * inline script, no eval), frames open to http and https only (game and service frames).
 * antd-mobile sets style attributes at run time, hence style-src 'unsafe-inline'. A build that
 * calls an API on another origin (VITE_API_BASE) needs that origin in connect-src: CSP_API_ORIGIN.
 */
import type { NextFunction, Request, Response } from 'express';

/** another origin the app may call (a build with VITE_API_BASE set), for example https://api.example.com */
const API_ORIGIN = /^https?:\/\/[A-Za-z0-9.-]+(:\d+)?$/.test(process.env.CSP_API_ORIGIN ?? '') ? (process.env.CSP_API_ORIGIN as string) : '';
if (process.env.CSP_API_ORIGIN && !API_ORIGIN) console.warn(`CSP_API_ORIGIN ignored: not an origin such as https://api.example.com`);

export const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: http: https:",
  "font-src 'self' data:",
  // the service worker (sw.js) and the web app manifest come only from this origin
  "worker-src 'self'",
  "manifest-src 'self'",
  `connect-src 'self'${API_ORIGIN ? ` ${API_ORIGIN}` : ''}`,
  'frame-src http: https:',
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

export function securityHeaders(_req: Request, res: Response, next: NextFunction) {
  res.setHeader('Content-Security-Policy', CSP);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
  next();
}
