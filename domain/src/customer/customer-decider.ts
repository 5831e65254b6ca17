import type { Decider } from '../decider/decider.js';
import type { CustomerCommand } from './customer-commands.js';
import { decideCustomer } from './customer-decide.js';
import type { CustomerEvent } from './customer-events.js';
import { evolveCustomer } from './customer-evolve.js';
import { initialCustomerState, type CustomerState } from './customer-state.js';

/**
 * The customer stream's decider, assembled from its parts (the layout of emmett's samples):
 * customer-state (state), customer-evolve (evolve), customer-commands and customer-decide
 * (commands and decide), customer-queries (what the token and customer-info read), and the one
 * table from subscription events to the subscription machine (customer-subscription-events).
 */
export const customerDecider: Decider<CustomerState, CustomerCommand, CustomerEvent> = {
  initialState: initialCustomerState,
  evolve: evolveCustomer,
  decide: decideCustomer,
};
