/**
 * Reading the replies of real backends (../shared/API-SHAPES.md): where SPEC.md and a deployed
 * backend send different shapes, the client turns either into the one the screens read, here,
 * once, before any screen sees the data.
 */
import type { EndpointName } from './catalogue';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The reply data as the screens read it. */
export function readReply(name: EndpointName, data: unknown): unknown {
  switch (name) {
    case 'payinfo':
      // cardlist: one object (SPEC.md section 3) or an array (real backend); screens read an array
      if (isObject(data) && isObject(data.cardlist)) return { ...data, cardlist: [data.cardlist] };
      return data;
    case 'user':
    case 'refreshusermoney': {
      // the Laravel original puts the member's token in the user entity: the cached user never holds it
      if (!isObject(data) || !('api_token' in data)) return data;
      const { api_token: _token, ...user } = data;
      return user;
    }
    default:
      return data;
  }
}
