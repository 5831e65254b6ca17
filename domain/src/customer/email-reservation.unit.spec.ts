import { describe, expect, it } from 'vitest';
import { handleCommand } from '../decider/command-handler.js';
import { isDomainError } from '../errors/domain-error.js';
import { createInMemoryEventStore } from '../event-store/in-memory-event-store.js';
import { givenWhenThen } from '../testing/given-when-then.js';
import { emailReservationEventSchemaVersions, emailStreamId } from './customer-events.js';
import { emailReservationDecider } from './email-reservation-decider.js';

const now = new Date('2025-03-10T09:00:00Z');
const earlier = '2025-03-01T09:00:00.000Z';
const customerId = 'c-1';
const given = givenWhenThen(emailReservationDecider, now);
const reserve = (id: string) => ({ type: 'ReserveEmail' as const, data: { customerId: id } });
const reserved = { type: 'EmailReserved' as const, data: { customerId, reservedAt: earlier } };

describe('Email reservation', () => {
  it('reserves a free email', () => {
    given()
      .when(reserve(customerId))
      .then([{ type: 'EmailReserved', data: { customerId, reservedAt: now.toISOString() } }]);
  });

  it('refuses an email taken by another customer with "email already in use"', () => {
    given(reserved).when(reserve('c-2')).thenThrows('email_taken', 'email already in use');
  });

  it('lets the same customer retry', () => {
    given(reserved).when(reserve(customerId)).then([]);
  });

  it('reserves an email for one of two concurrent registrations only', async () => {
    const store = createInMemoryEventStore();
    const stream = emailStreamId('ab'.repeat(32));
    const reserveNow = (id: string) =>
      handleCommand(store, stream, emailReservationDecider, emailReservationEventSchemaVersions, {
        ...reserve(id),
        metadata: { now },
      });
    const outcomes = await Promise.allSettled([reserveNow('c-1'), reserveNow('c-2')]);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    const rejected = outcomes.find((outcome) => outcome.status === 'rejected');
    expect(isDomainError(rejected?.reason, 'email_taken')).toBe(true);
  });
});
