import { registrationSaga } from '../../features/registration/registration-saga';
import { registrationSlice } from '../../features/registration/registration-slice';

export const slices = [registrationSlice];
export const sagas = [registrationSaga];
