/**
 * The local captcha of SPEC.md section 5: a random number drawn on a canvas (size from config),
 * compared on the client; a tap draws a new one. Its lines, dots and tilts follow from the code,
 * so one code is always drawn the same. Outside production builds the canvas carries data-code so
 * browser tests can read it, and sessionStorage `captcha.fixed` fixes the code (npm run screens:
 * the same picture on every run, so --diff flags only real changes).
 */
import { useEffect, useRef } from 'react';
import { constants } from '../config';
import { mulberry32 } from './rng';

const EXPOSE_CODE = import.meta.env.MODE !== 'production';

function fixedCode(): string | null {
  if (!EXPOSE_CODE) return null;
  try {
    return sessionStorage.getItem('captcha.fixed');
  } catch {
    return null;
  }
}

export function newCaptchaCode(length: number): string {
  const fixed = fixedCode();
  if (fixed && /^\d+$/.test(fixed)) return fixed.slice(0, length).padEnd(length, '0');
  const digits = new Uint32Array(length);
  crypto.getRandomValues(digits);
  return Array.from(digits, (d) => String(d % 10)).join('');
}

/** numbers in [0, 1) from a seed (mulberry32): the drawing's noise, the same for the same code */
const seeded = (seed: string): (() => number) => mulberry32([...seed].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 16777619), 2166136261) >>> 0);

export function Captcha({ code, onRefresh, label }: { code: string; onRefresh: () => void; label?: string }) {
  const ref = useRef<HTMLCanvasElement>(null);
  const width = constants.captchaWidth;
  const height = constants.captchaHeight;

  useEffect(() => {
    const canvas = ref.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return;
    const ratio = window.devicePixelRatio || 1;
    canvas.width = width * ratio;
    canvas.height = height * ratio;
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    const random = seeded(code);
    const rnd = (a: number, b: number) => a + random() * (b - a);
    const color = (a: number, b: number) => `rgb(${rnd(a, b) | 0},${rnd(a, b) | 0},${rnd(a, b) | 0})`;
    ctx.fillStyle = color(225, 250);
    ctx.fillRect(0, 0, width, height);
    for (let i = 0; i < 4; i++) {
      ctx.strokeStyle = color(120, 200);
      ctx.beginPath();
      ctx.moveTo(rnd(0, width), rnd(0, height));
      ctx.lineTo(rnd(0, width), rnd(0, height));
      ctx.stroke();
    }
    const step = width / (code.length + 1);
    [...code].forEach((ch, i) => {
      ctx.save();
      ctx.font = `bold ${Math.round(height * 0.6)}px sans-serif`;
      ctx.fillStyle = color(20, 110);
      ctx.textBaseline = 'middle';
      ctx.translate(step * (i + 0.7), height / 2);
      ctx.rotate((rnd(-25, 25) * Math.PI) / 180);
      ctx.fillText(ch, 0, 0);
      ctx.restore();
    });
    for (let i = 0; i < 30; i++) {
      ctx.fillStyle = color(100, 220);
      ctx.beginPath();
      ctx.arc(rnd(0, width), rnd(0, height), 1, 0, 2 * Math.PI);
      ctx.fill();
    }
  }, [code, width, height]);

  // the canvas keeps the configured size; the button around it is the 44px touch target
  return (
    <button type="button" className="cfg-captcha-btn" aria-label={label} onClick={onRefresh}>
      <canvas ref={ref} className="cfg-captcha-canvas" style={{ width, height }} aria-hidden="true" data-code={EXPOSE_CODE ? code : undefined} />
    </button>
  );
}
