import type { Feature } from '../feature';
import { accountSaga } from '../../features/account/account-saga';
import { accountSlice } from '../../features/account/account-slice';

export const accountFeature: Feature = {
  name: 'account',
  slices: [accountSlice],
  sagas: [accountSaga],
};
