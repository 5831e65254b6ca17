import { describe, expect, it } from 'vitest';
import { foldEvents } from '../decider/decider.js';
import { customerRegistered } from '../testing/customer-fixtures.js';
import { givenWhenThen } from '../testing/given-when-then.js';
import { customerDecider } from './customer-decider.js';
import type { CustomerEvent } from './customer-events.js';

const now = new Date('2025-03-10T09:00:00Z');
const given = givenWhenThen(customerDecider, now);
const registered = customerRegistered();
const changePassword = (data: { passwordHash: string; recoverySecretId?: string }) =>
  ({ type: 'ChangePassword', data }) as const;

describe('Customer password changes', () => {
  it('keeps the last name and no password change after registration', () => {
    const state = foldEvents(customerDecider, [registered]);
    expect(state).toMatchObject({ lastname: 'Starr', passwordChangedAt: null, usedRecoverySecretIds: [] });
  });

  it('records the recovery secret that allowed a change, and when it happened', () => {
    const change = given(registered).when(
      changePassword({ passwordHash: 'hash-1', recoverySecretId: 'jti-1' }),
    );
    change.then([
      {
        type: 'PasswordChanged',
        data: { passwordHash: 'hash-1', changedAt: now.toISOString(), recoverySecretId: 'jti-1' },
      },
    ]);
    const state = foldEvents(customerDecider, [registered, ...change.events()]);
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
    given(...history)
      .when(changePassword({ passwordHash: 'hash-2', recoverySecretId: 'jti-1' }))
      .thenThrows('invalid_transition');
    expect(
      given(...history)
        .when(changePassword({ passwordHash: 'hash-2', recoverySecretId: 'jti-2' }))
        .events(),
    ).toHaveLength(1);
  });

  it('changes a password without a secret (a logged-in change) any number of times', () => {
    const first = given(registered).when(changePassword({ passwordHash: 'hash-1' }));
    first.then([{ type: 'PasswordChanged', data: { passwordHash: 'hash-1', changedAt: now.toISOString() } }]);
    expect(
      given(registered, ...first.events())
        .when(changePassword({ passwordHash: 'hash-2' }))
        .events(),
    ).toHaveLength(1);
  });
});
