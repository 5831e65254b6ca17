import {
  customerEventSchemaVersions,
  evolveCustomer,
  subscriptionOf,
  toDomainEvents,
  type CustomerEvent,
  type CustomerState,
  type RecordedEvent,
  type SubscriptionStatus,
  type Tier,
} from '@stickwork/domain';
import { customerKeyOf, isCustomerErased } from './customer-key.js';
import { match } from 'ts-pattern';
import { practiceFoldEvents } from './practice-event.js';
import { defineProjection } from './projection.js';

type RegisteredCustomer = Extract<CustomerState, { status: 'registered' }>;
/** Never stored in a read model: the password hash and spent recovery-secret ids. */
type CustomerSecrets = 'passwordHash' | 'usedRecoverySecretIds';
export type DirectoryAccount = Omit<RegisteredCustomer, CustomerSecrets>;

/**
 * One customer as the operator CLI lists them. It holds personal data, so it lives only while the
 * customer does: the erasure marker deletes it.
 */
export interface CustomerDirectoryEntry {
  customerId: string;
  firstname: string;
  lastname: string;
  email: string;
  country: string;
  /** The tier the customer's entitlements come from (an ended subscription reads as freemium). */
  plan: Tier;
  /** Subscription status as the token reports it. */
  status: SubscriptionStatus;
  emailVerified: boolean;
  erasureRequested: boolean;
  registeredAt: string;
  /** Last evaluated lesson or recorded practice; null before the first (or after a history erasure). */
  lastPracticeAt: string | null;
  /**
   * The customer decider's state without its secrets, so plan and status follow the decider's
   * rules exactly (subscription details: period, cancelAt, provider ids).
   */
  account: DirectoryAccount;
}

const asCustomerEvent = (event: RecordedEvent): CustomerEvent | undefined =>
  toDomainEvents<CustomerEvent>([event], customerEventSchemaVersions)[0];

const toCustomerState = (entry: CustomerDirectoryEntry | null): CustomerState =>
  entry ? { ...entry.account, passwordHash: '', usedRecoverySecretIds: [] } : { status: 'unregistered' };

const withoutSecrets = ({
  passwordHash: _hash,
  usedRecoverySecretIds: _secrets,
  ...account
}: RegisteredCustomer): DirectoryAccount => account;

/** Customer life-cycle events follow the customer decider's own `evolve`. */
const evolveEntry = (
  entry: CustomerDirectoryEntry | null,
  event: CustomerEvent,
): CustomerDirectoryEntry | null => {
  const state = evolveCustomer(toCustomerState(entry), event);
  if (state.status !== 'registered') return null;
  const registration = event.type === 'CustomerRegistered' ? event.data : undefined;
  const { tier, status } = subscriptionOf(state);
  return {
    customerId: state.customerId,
    firstname: state.firstname,
    lastname: registration?.lastname ?? entry?.lastname ?? '',
    email: state.email,
    country: registration?.country ?? entry?.country ?? '',
    plan: tier,
    status,
    emailVerified: state.emailVerified,
    erasureRequested: state.erasureRequested,
    registeredAt: registration?.registeredAt ?? entry?.registeredAt ?? '',
    lastPracticeAt: entry?.lastPracticeAt ?? null,
    account: withoutSecrets(state),
  };
};

const CUSTOMER_TYPES = Object.keys(customerEventSchemaVersions).filter((type) => type !== 'CustomerErased');

const practiceEvents = practiceFoldEvents(
  'LessonEvaluated',
  'PracticeActivityRecorded',
  'PracticeHistoryErased',
);

/** The state before registration is null ("no entry"): practice alone never creates one. */
export const customerDirectoryProjection = defineProjection<CustomerDirectoryEntry | null>({
  name: 'customer_directory',
  canHandle: [...CUSTOMER_TYPES, ...practiceEvents.canHandle, 'CustomerErased'],
  keyOf: customerKeyOf,
  initialState: () => null,
  evolve: (entry, event) => {
    if (isCustomerErased(event)) return null;
    const customerEvent = event.streamId.startsWith('customer-') ? asCustomerEvent(event) : undefined;
    if (customerEvent) return evolveEntry(entry, customerEvent);
    if (!entry) return null;
    return match(practiceEvents.read(event))
      .returnType<CustomerDirectoryEntry>()
      .with(undefined, () => entry)
      .with({ type: 'LessonEvaluated' }, ({ data }) => ({ ...entry, lastPracticeAt: data.evaluatedAt }))
      .with({ type: 'PracticeActivityRecorded' }, () => ({ ...entry, lastPracticeAt: event.metadata.time }))
      .with({ type: 'PracticeHistoryErased' }, () => ({ ...entry, lastPracticeAt: null }))
      .exhaustive();
  },
});
