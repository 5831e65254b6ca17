import { hello } from '@stickwork/domain';
export const fromProjections = `${hello}+projections`;
