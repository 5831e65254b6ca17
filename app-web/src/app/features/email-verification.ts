import { emailVerificationSaga } from '../../features/email-verification/email-verification-saga';
import { emailVerificationSlice } from '../../features/email-verification/email-verification-slice';

export const slices = [emailVerificationSlice];
export const sagas = [emailVerificationSaga];
