import type { SubscriptionStatus } from '../rules/plans.js';

/** GET /api/customer-info (product-spec §3 "Account data"), shared by server and web. */
export interface CustomerInfo {
  firstname: string;
  lastname: string;
  email: string;
  status: SubscriptionStatus;
  /** Unix seconds of a scheduled cancellation, or null. */
  cancelAt: number | null;
  cancelAtPeriodEnd: boolean;
}
