import { accountSaga } from '../../features/account/account-saga';
import { accountSlice } from '../../features/account/account-slice';

export const slices = [accountSlice];
export const sagas = [accountSaga];
