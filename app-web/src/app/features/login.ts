import { loginSaga } from '../../features/login/login-saga';
import { loginSlice } from '../../features/login/login-slice';

export const slices = [loginSlice];
export const sagas = [loginSaga];
