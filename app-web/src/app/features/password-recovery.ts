import { passwordRecoverySaga } from '../../features/password-recovery/password-recovery-saga';
import { passwordRecoverySlice } from '../../features/password-recovery/password-recovery-slice';

export const slices = [passwordRecoverySlice];
export const sagas = [passwordRecoverySaga];
