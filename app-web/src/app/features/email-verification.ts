import type { Feature } from '../feature';
import { emailVerificationSaga } from '../../features/email-verification/email-verification-saga';
import { emailVerificationSlice } from '../../features/email-verification/email-verification-slice';

export const emailVerificationFeature: Feature = {
  name: 'emailVerification',
  slices: [emailVerificationSlice],
  sagas: [emailVerificationSaga],
};
