import { practiceEventUpcasters } from '../practice/practice-upcasters.js';
import { upcasterRegistry } from './upcasters.js';

/** Every stream's upcasters: what `toDomainEvents` applies to events recorded at an older version. */
export const eventUpcasters = upcasterRegistry(practiceEventUpcasters);
