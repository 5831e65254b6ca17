import type { Feature } from '../feature';
import { loginSaga } from '../../features/login/login-saga';
import { loginSlice } from '../../features/login/login-slice';

export const loginFeature: Feature = {
  name: 'login',
  slices: [loginSlice],
  sagas: [loginSaga],
};
