import type { Feature } from '../feature';
import { passwordRecoverySaga } from '../../features/password-recovery/password-recovery-saga';
import { passwordRecoverySlice } from '../../features/password-recovery/password-recovery-slice';

export const passwordRecoveryFeature: Feature = {
  name: 'passwordRecovery',
  slices: [passwordRecoverySlice],
  sagas: [passwordRecoverySaga],
};
