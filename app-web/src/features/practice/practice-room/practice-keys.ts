/** What a key does on the lesson card (Space, T), or null when it is not ours to handle. */
export type PracticeKeyAction = { type: 'toggle' } | { type: 'tap' };

const TEXT_INPUT_TYPES = new Set(['text', 'number', 'search', 'email', 'password', 'tel', 'url']);

export const isTextField = (target: EventTarget | null): boolean => {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement) return true;
  return target instanceof HTMLInputElement && TEXT_INPUT_TYPES.has(target.type);
};

const inDialog = (target: EventTarget | null): boolean =>
  target instanceof Element && target.closest('dialog, [role="dialog"], [role="alertdialog"]') !== null;

/**
 * Space starts and stops the card wherever the focus is (on a button too: a drummer at the kit reaches
 * for the space bar, not for the focus), T taps the tempo; never while typing in a text field or in a
 * dialog. The arrows are not the page's: they change the tempo only in the tempo field (tempo-controls)
 * and scroll everywhere else.
 */
export const practiceKeyAction = (event: KeyboardEvent): PracticeKeyAction | null => {
  if (
    event.ctrlKey ||
    event.metaKey ||
    event.altKey ||
    event.defaultPrevented ||
    isTextField(event.target) ||
    inDialog(event.target)
  ) {
    return null;
  }
  if (event.key === ' ') return { type: 'toggle' };
  if (event.key === 't' || event.key === 'T') return { type: 'tap' };
  return null;
};
