import type { Feature } from '../feature';
import { checkoutSaga } from '../../features/checkout/checkout-saga';
import { checkoutSlice } from '../../features/checkout/checkout-slice';

export const checkoutFeature: Feature = {
  name: 'checkout',
  slices: [checkoutSlice],
  sagas: [checkoutSaga],
};
