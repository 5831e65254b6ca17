import { newsletterSaga } from '../../features/landing/newsletter-saga';
import { newsletterSlice } from '../../features/landing/newsletter-slice';
import type { Feature } from '../feature';

export const landingFeature: Feature = {
  name: 'landing',
  slices: [newsletterSlice],
  sagas: [newsletterSaga],
};
