/** The types of rum.js for the mock (mock-server/rum.ts) and the tests; nginx reads rum.js alone. */
declare const rum: {
  /** the log lines of a beacon's body (one JSON object per report, `ts` = now), or null: refused */
  lines(body: string, now: string): string[] | null;
  collect(r: unknown): void;
  MAX_LINE_BYTES: number;
  MAX_REPORTS: number;
};
export default rum;
