import { checkoutSaga } from '../../features/checkout/checkout-saga';
import { checkoutSlice } from '../../features/checkout/checkout-slice';

export const slices = [checkoutSlice];
export const sagas = [checkoutSaga];
