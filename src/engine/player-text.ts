/**
 * What the player reads of a backend's message. The UI is Chinese: a message without a Chinese
 * character (the Laravel original's `transfer success`, `No eligible records`, a game platform's
 * English error) is not shown; the call's own text of messages.json is (`reply.<endpoint>` on
 * success, `reply.<endpoint>.failed` on a refusal, else `reply.ok` / `reply.failed`), and the
 * backend's words go to the console (console.info) for whoever looks into it.
 */
import { messages } from '../config';

const CHINESE = /\p{Script=Han}/u;

export function playerText(endpoint: string, ok: boolean, message: string): string {
  if (CHINESE.test(message)) return message;
  const own = messages[ok ? `reply.${endpoint}` : `reply.${endpoint}.failed`];
  const text = own ?? messages[ok ? 'reply.ok' : 'reply.failed'] ?? '';
  if (message.trim()) console.info(`[api] ${endpoint}: the backend's message "${message}" has no Chinese; shown as "${text}"`);
  return text;
}
