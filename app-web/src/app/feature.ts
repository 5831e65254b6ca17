import type { Slice } from '@reduxjs/toolkit';
import type { Saga } from 'redux-saga';

/**
 * A feature's state and side effects, added to the store by the first route (or shell part) that
 * needs them, so a page's chunk carries its own slices and sagas (the landing page loads
 * no practice, account or form-validation code).
 */
export interface Feature {
  name: string;
  slices: readonly Slice[];
  sagas: readonly Saga[];
}
