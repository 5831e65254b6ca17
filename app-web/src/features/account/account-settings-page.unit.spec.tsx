import { combineSlices, configureStore, type Middleware, type UnknownAction } from '@reduxjs/toolkit';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionSlice } from '../../lib/session/session-slice';
import type { CustomerInfo } from '@stickwork/domain';
import { customerInfo } from '../../testing/customer-info';
import { AccountSettingsPage } from './account-settings-page';
import {
  accountDeletionConfirmed,
  accountDeletionFailed,
  accountSlice,
  cancelSubscriptionConfirmed,
  customerInfoLoaded,
} from './account-slice';

afterEach(cleanup);

const customer = customerInfo;

/** The page over a store without sagas: the test plays the server's part by dispatching. */
const renderPage = (info: CustomerInfo) => {
  const actions: UnknownAction[] = [];
  const record: Middleware = () => (next) => (action) => {
    actions.push(action as UnknownAction);
    return next(action);
  };
  const store = configureStore({
    reducer: combineSlices(sessionSlice, accountSlice),
    middleware: (getDefault) => getDefault({ thunk: false }).concat(record),
  });
  store.dispatch(customerInfoLoaded(info));
  render(
    <Provider store={store}>
      <MemoryRouter>
        <AccountSettingsPage />
      </MemoryRouter>
    </Provider>,
  );
  return { actions, store };
};

const openTab = (name: string) => fireEvent.click(screen.getByRole('tab', { name }));

describe('account settings', () => {
  it('the Account tab: name, email and the password change link', () => {
    renderPage(customer());
    expect(screen.getByRole('tab', { name: 'Account' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText('Ringo Starr')).toBeDefined();
    expect(screen.getByText('ringo@example.com')).toBeDefined();
    expect(screen.getByRole('link', { name: 'Change password' }).getAttribute('href')).toBe(
      '/request-password-change',
    );
  });

  it('the tabs follow the arrow keys, Home and End', () => {
    renderPage(customer());
    const selected = () =>
      screen.getAllByRole('tab').find((tab) => tab.getAttribute('aria-selected') === 'true');
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Account' }), { key: 'ArrowRight' });
    expect(selected()?.textContent).toBe('Subscription');
    expect(document.activeElement).toBe(selected());
    fireEvent.keyDown(selected()!, { key: 'End' });
    expect(selected()?.textContent).toBe('Delete your account');
    fireEvent.keyDown(selected()!, { key: 'ArrowRight' });
    expect(selected()?.textContent).toBe('Account');
    fireEvent.keyDown(selected()!, { key: 'ArrowLeft' });
    expect(selected()?.textContent).toBe('Delete your account');
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(selected()?.id);
  });

  it('cancelling waits for the confirmation box', () => {
    const { actions } = renderPage(customer());
    openTab('Subscription');
    const cancel = screen.getByRole('button', { name: 'Cancel subscription' }) as HTMLButtonElement;
    expect(cancel.disabled).toBe(true);
    fireEvent.click(screen.getByLabelText('I want to cancel my subscription'));
    expect(cancel.disabled).toBe(false);
    fireEvent.click(cancel);
    expect(actions).toContainEqual(cancelSubscriptionConfirmed());
  });

  it('a scheduled cancellation: the message and the date it can be used until, no cancel form', () => {
    const cancelAt = Date.UTC(2026, 11, 21, 12) / 1000;
    renderPage(customer({ cancelAt, cancelAtPeriodEnd: true }));
    openTab('Subscription');
    expect(screen.getByText('Your subscription has been canceled.')).toBeDefined();
    const until = screen.getByText(
      new Intl.DateTimeFormat(undefined, { dateStyle: 'long' }).format(cancelAt * 1000),
    );
    expect(until.getAttribute('datetime')).toBe('2026-12-21T12:00:00.000Z');
    expect(screen.queryByRole('button', { name: 'Cancel subscription' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Manage subscription' })).toBeDefined();
  });

  it('deleting needs exactly "delete me"; a failure shows the error', () => {
    const { actions, store } = renderPage(customer());
    openTab('Delete your account');
    const phrase = screen.getByLabelText("Type 'delete me' to confirm");
    fireEvent.change(phrase, { target: { value: 'Delete me' } });
    fireEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    expect(screen.getByText('To delete enter: delete me')).toBeDefined();
    expect(actions).not.toContainEqual(accountDeletionConfirmed());

    fireEvent.change(phrase, { target: { value: 'delete me' } });
    fireEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    expect(actions).toContainEqual(accountDeletionConfirmed());
    expect(screen.queryByText('To delete enter: delete me')).toBeNull();

    act(() => void store.dispatch(accountDeletionFailed()));
    expect(
      screen.getByText('An unexpected error occurred: please try again later or contact us per e-mail'),
    ).toBeDefined();
  });
});
