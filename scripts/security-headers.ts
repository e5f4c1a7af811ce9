/**
 * The Content-Security-Policy of the production build: scripts only from this origin (no
 * inline script, no eval), frames open to http and https only (game and service frames).
 * antd-mobile sets style attributes at run time, hence style-src 'unsafe-inline'.
 */
import type { NextFunction, Request, Response } from 'express';

export const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: http: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
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
