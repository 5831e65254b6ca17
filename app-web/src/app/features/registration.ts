import type { Feature } from '../feature';
import { registrationSaga } from '../../features/registration/registration-saga';
import { registrationSlice } from '../../features/registration/registration-slice';

export const registrationFeature: Feature = {
  name: 'registration',
  slices: [registrationSlice],
  sagas: [registrationSaga],
};
