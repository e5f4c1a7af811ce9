/**
 * Password storage as a real backend keeps it: scrypt with a random salt per secret, compared in
 * constant time. The cost (N = 16384) is modest but real; seed members are hashed once per process
 * and reused so that createApp() stays cheap for the many test apps.
 */
import { randomBytes, scrypt, scryptSync, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const N = 16384;
const R = 8;
const P = 1;
const KEYLEN = 32;
const MAXMEM = 64 * 1024 * 1024;

function scryptAsync(plain: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(plain, salt, KEYLEN, options, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

function encode(salt: Buffer, key: Buffer): string {
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function hashPassword(plain: string): Promise<string> {
  const salt = randomBytes(16);
  return encode(salt, await scryptAsync(plain, salt, { N, r: R, p: P, maxmem: MAXMEM }));
}

export function hashPasswordSync(plain: string): string {
  const salt = randomBytes(16);
  return encode(salt, scryptSync(plain, salt, KEYLEN, { N, r: R, p: P, maxmem: MAXMEM }));
}

export async function verifyPassword(plain: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, saltB64, keyB64] = parts;
  const expected = Buffer.from(keyB64, 'base64');
  const key = await scryptAsync(plain, Buffer.from(saltB64, 'base64'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: MAXMEM,
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash nobody's password matches, verified against for unknown users so timing does not tell. */
let dummy: string | undefined;
export function dummyHash(): string {
  dummy ??= hashPasswordSync(randomBytes(16).toString('hex'));
  return dummy;
}

const seedCache = new Map<string, string>();
/** The hash of a seed member's secret, computed once per process (key: e.g. 'demo01:login'). */
export function seedHash(key: string, plain: string): string {
  let hash = seedCache.get(key);
  if (!hash) {
    hash = hashPasswordSync(plain);
    seedCache.set(key, hash);
  }
  return hash;
}
