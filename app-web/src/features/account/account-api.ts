import type { CustomerInfo } from '@stickwork/domain';
import { apiRequest } from '../../lib/api-client';

export const fetchCustomerInfo = () => apiRequest<CustomerInfo>('/api/customer-info');

export const fetchCustomerPortalUrl = () =>
  apiRequest<{ url: string }>('/api/payment/create-customer-portal-session');

export const cancelSubscription = () => apiRequest<unknown>('/api/payment/cancel-subscription');

export const deleteCustomerData = () =>
  apiRequest<unknown>('/api/delete/customer-data', { method: 'DELETE' });

export const deleteAccount = () => apiRequest<unknown>('/api/delete/account', { method: 'DELETE' });
