import type { CustomerRegistered } from '../customer/customer-events.js';

/** Ringo's registration (customer c-1), with any field changed. */
export const customerRegistered = (
  changes: Partial<CustomerRegistered['data']> = {},
): CustomerRegistered => ({
  type: 'CustomerRegistered',
  data: {
    customerId: 'c-1',
    email: 'ringo@example.com',
    firstname: 'Ringo',
    lastname: 'Starr',
    country: 'GB',
    passwordHash: 'hash-0',
    newsletterSubscription: false,
    dateTermsAndConditions: '2025-03-01T09:00:00.000Z',
    registeredAt: '2025-03-01T09:00:00.000Z',
    ...changes,
  },
});
