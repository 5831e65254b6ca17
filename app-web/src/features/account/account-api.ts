import type { SubscriptionStatus } from '@stickwork/domain';
import { apiRequest } from '../../lib/api-client';

/** GET /api/customer-info (product-spec §7). */
export interface CustomerInfo {
  firstname: string;
  lastname: string;
  email: string;
  status: SubscriptionStatus;
  /** Unix seconds of a scheduled cancellation, or null. */
  cancelAt: number | null;
  cancelAtPeriodEnd: boolean;
}

export const fetchCustomerInfo = () => apiRequest<CustomerInfo>('/api/customer-info');

export const fetchCustomerPortalUrl = () =>
  apiRequest<{ url: string }>('/api/payment/create-customer-portal-session');

export const cancelSubscription = () => apiRequest<unknown>('/api/payment/cancel-subscription');

export const deleteCustomerData = () =>
  apiRequest<unknown>('/api/delete/customer-data', { method: 'DELETE' });

export const deleteAccount = () => apiRequest<unknown>('/api/delete/account', { method: 'DELETE' });
