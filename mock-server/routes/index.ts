/** Every handler, by catalogue name. Typed as the full map: a missing handler is a compile error. */
import type { EndpointName } from '../../src/api/catalogue';
import type { HandlerMap } from '../http';
import { accountHandlers } from './account';
import { cardHandlers } from './cards';
import { contentHandlers } from './content';
import { gameHandlers } from './games';
import { promotionHandlers } from './promotions';
import { recordHandlers } from './records';
import { walletHandlers } from './wallet';

export const handlers: HandlerMap = {
  ...accountHandlers,
  ...walletHandlers,
  ...cardHandlers,
  ...gameHandlers,
  ...promotionHandlers,
  ...recordHandlers,
  ...contentHandlers,
};

/** Names that have a handler (the catalogue walk test compares this with the catalogue). */
export const handledNames = (): EndpointName[] => Object.keys(handlers) as EndpointName[];
