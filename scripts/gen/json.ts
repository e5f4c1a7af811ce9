/** A JSON value, as the generators write it. */
export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
