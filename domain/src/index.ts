export const hello = 'domain';
