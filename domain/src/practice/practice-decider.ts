import type { Decider } from '../decider/decider.js';
import type { PracticeCommand } from './practice-commands.js';
import { decidePractice } from './practice-decide.js';
import type { PracticeEvent } from './practice-events.js';
import { evolvePractice, evolvePracticeEvents } from './practice-evolve.js';
import { initialPracticeState, type PracticeState } from './practice-state.js';

/**
 * The `practice-` stream's decider, assembled from its parts as `customer/` is: practice-state
 * (state), practice-evolve (evolve, and the fold of many events), practice-commands and
 * practice-decide (commands and decide), practice-queries (what the API reads of the state).
 */
export const practiceDecider: Decider<PracticeState, PracticeCommand, PracticeEvent> = {
  initialState: initialPracticeState,
  evolve: evolvePractice,
  decide: decidePractice,
  evolveAll: evolvePracticeEvents,
};
