import {
  apiClient,
  nextClientIp,
  registerCustomer,
  decodeJwtPayload,
  type ApiClient,
} from '../../accounts/testing/account-fixtures.js';
import { loadRegisteredCustomer, loginClaimsOf } from '../../accounts/customer-records.js';
import { issueLoginToken } from '../../auth/tokens.js';
import type { TestServer } from '../../testing/test-server.js';

/**
 * A customer whose requests carry a token issued at the test clock's now: the payment suites run
 * the clock weeks ahead, past the 7-day token lifetime (a real customer would log in again).
 */
export interface Customer {
  customerId: string;
  email: string;
  api: ApiClient;
}

export const registerPayingCustomer = async (server: TestServer, now: () => Date): Promise<Customer> => {
  const ip = nextClientIp();
  const { token, email } = await registerCustomer(apiClient(server, { ip }));
  const customerId = decodeJwtPayload(token).customerId as string;
  const request: ApiClient['request'] = async (method, pathAndQuery, body, options = {}) => {
    const customer = await loadRegisteredCustomer(server.backend.store, customerId);
    const fresh = customer
      ? await issueLoginToken(server.backend.jwtSecret, loginClaimsOf(customer), now())
      : token;
    return apiClient(server, { ip, token: fresh }).request(method, pathAndQuery, body, options);
  };
  return {
    customerId,
    email,
    api: {
      request,
      get: (path, options) => request('GET', path, undefined, options),
      post: (path, body, options) => request('POST', path, body, options),
      delete: (path, options) => request('DELETE', path, undefined, options),
    },
  };
};
