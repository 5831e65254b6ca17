import {
  customerDecider,
  customerEventSchemaVersions,
  emailReservationDecider,
  erasureStreamId,
  foldEvents,
  toDomainEvents,
  type CustomerEvent,
  emailReservationEventSchemaVersions,
  subscriptionOf,
  type CustomerState,
  type EventStore,
  loadState,
} from '@stickwork/domain';
import type { LoginClaims } from '../auth/tokens.js';
import type { ReservationStreams } from './reservation-streams.js';
import { customerCacheOf } from './customer-cache.js';

export type RegisteredCustomer = Extract<CustomerState, { status: 'registered' }>;

export { normalizeEmail } from './reservation-streams.js';

/**
 * The customer decider's state of one customer: the one way to read a `customer-` stream. Erasure
 * deletes that stream but leaves the anonymous `CustomerErased` marker on `erasure-<id>`, so an erased
 * customer reads as `erased`, not as someone who never registered (the marker is read only when the
 * customer stream is empty).
 */
export const loadCustomer = async (store: EventStore, customerId: string): Promise<CustomerState> => {
  const state = await customerCacheOf(store).load(customerId);
  if (state.status !== 'unregistered') return state;
  const marker = await store.readStream(erasureStreamId(customerId));
  return marker.length === 0
    ? state
    : foldEvents(customerDecider, toDomainEvents<CustomerEvent>(marker, customerEventSchemaVersions));
};

export const loadRegisteredCustomer = async (
  store: EventStore,
  customerId: string,
): Promise<RegisteredCustomer | null> => {
  const state = await loadCustomer(store, customerId);
  return state.status === 'registered' ? state : null;
};

/** The customer an email belongs to, through its reservation; null when there is none. */
export const findCustomerByEmail = async (
  { store, reservations }: { store: EventStore; reservations: ReservationStreams },
  email: string,
): Promise<RegisteredCustomer | null> => {
  const reservation = await loadState(
    store,
    reservations.email(email),
    emailReservationDecider,
    emailReservationEventSchemaVersions,
  );
  return reservation.reservedBy === null ? null : loadRegisteredCustomer(store, reservation.reservedBy);
};

/** What the login token says about a customer (product-spec §3 "Login token"). */
export const loginClaimsOf = (customer: RegisteredCustomer): LoginClaims => {
  const { tier, status } = subscriptionOf(customer);
  return {
    customerId: customer.customerId,
    firstname: customer.firstname,
    verification_state: customer.emailVerified ? 'verified' : 'unverified',
    subscription_status: status,
    activeTier: tier,
  };
};
