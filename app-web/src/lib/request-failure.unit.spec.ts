import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { requestFailureOf } from './request-failure';

describe('a failed request', () => {
  it("carries the status and the server's message when the server answered", () => {
    const error = new ApiError(429, 'Free lesson limit reached', { message: 'Free lesson limit reached' });
    expect(requestFailureOf(error)).toEqual({ status: 429, message: 'Free lesson limit reached', error });
  });

  it('has no status when no answer came', () => {
    const error = new TypeError('Failed to fetch');
    expect(requestFailureOf(error)).toEqual({ status: null, error });
  });
});
