import { describe, expect, it } from 'vitest';
import { decideAfter, foldEvents } from '../decider/decider.js';
import { isDomainError } from '../decider/domain-error.js';
import type { ChangePassword } from './customer-commands.js';
import { customerDecider } from './customer-decider.js';
import type { CustomerEvent, CustomerRegistered } from './customer-events.js';

const now = new Date('2025-03-10T09:00:00Z');
const registered: CustomerRegistered = {
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
  },
};
const changePassword = (data: ChangePassword['data']): ChangePassword => ({
  type: 'ChangePassword',
  data,
  metadata: { now },
});

describe('Customer password changes', () => {
  it('keeps the last name and no password change after registration', () => {
    const state = foldEvents(customerDecider, [registered]);
    expect(state).toMatchObject({ lastname: 'Starr', passwordChangedAt: null, usedRecoverySecretIds: [] });
  });

  it('records the recovery secret that allowed a change, and when it happened', () => {
    const events = decideAfter(
      customerDecider,
      [registered],
      changePassword({ passwordHash: 'hash-1', recoverySecretId: 'jti-1' }),
    );
    expect(events).toEqual([
      {
        type: 'PasswordChanged',
        data: { passwordHash: 'hash-1', changedAt: now.toISOString(), recoverySecretId: 'jti-1' },
      },
    ]);
    const state = foldEvents(customerDecider, [registered, ...events]);
    expect(state).toMatchObject({
      passwordHash: 'hash-1',
      passwordChangedAt: now.toISOString(),
      usedRecoverySecretIds: ['jti-1'],
    });
  });

  it('refuses a recovery secret that was already spent', () => {
    const history: CustomerEvent[] = [
      registered,
      {
        type: 'PasswordChanged',
        data: { passwordHash: 'hash-1', changedAt: now.toISOString(), recoverySecretId: 'jti-1' },
      },
    ];
    let error: unknown;
    try {
      decideAfter(
        customerDecider,
        history,
        changePassword({ passwordHash: 'hash-2', recoverySecretId: 'jti-1' }),
      );
    } catch (caught) {
      error = caught;
    }
    expect(isDomainError(error, 'invalid_transition')).toBe(true);
    expect(
      decideAfter(
        customerDecider,
        history,
        changePassword({ passwordHash: 'hash-2', recoverySecretId: 'jti-2' }),
      ),
    ).toHaveLength(1);
  });

  it('changes a password without a secret (a logged-in change) any number of times', () => {
    const first = decideAfter(customerDecider, [registered], changePassword({ passwordHash: 'hash-1' }));
    expect(first).toEqual([
      { type: 'PasswordChanged', data: { passwordHash: 'hash-1', changedAt: now.toISOString() } },
    ]);
    expect(
      decideAfter(customerDecider, [registered, ...first], changePassword({ passwordHash: 'hash-2' })),
    ).toHaveLength(1);
  });
});
