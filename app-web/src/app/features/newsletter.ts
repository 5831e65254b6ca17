import { newsletterSaga } from '../../features/landing/newsletter-saga';
import { newsletterSlice } from '../../features/landing/newsletter-slice';
import type { Feature } from '../feature';

export const newsletterFeature: Feature = {
  name: 'newsletter',
  slices: [newsletterSlice],
  sagas: [newsletterSaga],
};
