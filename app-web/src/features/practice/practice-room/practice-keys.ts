/** What a key does in the practice room (Space, arrows, T), or null when it is not ours to handle. */
export type PracticeKeyAction = { type: 'toggle' } | { type: 'tempo'; by: number } | { type: 'tap' };

const TEXT_INPUT_TYPES = new Set(['text', 'number', 'search', 'email', 'password', 'tel', 'url']);

const isTextField = (target: EventTarget | null): boolean => {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement) return true;
  return target instanceof HTMLInputElement && TEXT_INPUT_TYPES.has(target.type);
};

const within = (target: EventTarget | null, selector: string): boolean =>
  target instanceof Element && target.closest(selector) !== null;

/** Elements whose own Space press matters: a focused button's Space is its click, a box's its tick. */
const USES_SPACE = 'button, a[href], summary, input, select, [role="switch"]';
/** Elements whose own arrows matter: sliders, radio groups, number fields, lists. */
const USES_ARROWS = 'input, select, textarea';

/**
 * Space starts/stops, ArrowUp/Down change the tempo by 1 (Shift: 5), T taps: never while typing in a
 * text field, and Space and the arrows not on a control that uses them itself.
 */
export const practiceKeyAction = (event: KeyboardEvent): PracticeKeyAction | null => {
  if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented || isTextField(event.target)) {
    return null;
  }
  if (event.key === 't' || event.key === 'T') return { type: 'tap' };
  if (event.key === ' ') return within(event.target, USES_SPACE) ? null : { type: 'toggle' };
  if (within(event.target, USES_ARROWS)) return null;
  if (event.key === 'ArrowUp') return { type: 'tempo', by: event.shiftKey ? 5 : 1 };
  if (event.key === 'ArrowDown') return { type: 'tempo', by: event.shiftKey ? -5 : -1 };
  return null;
};
