import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Fails on serious or critical accessibility violations, listing each with its nodes. */
export const expectNoSeriousA11yViolations = async (page: Page) => {
  await settleTransitions(page);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
    );
  expect(serious, `accessibility violations on ${page.url()}`).toEqual([]);
};

/**
 * Waits for the page's finite animations and transitions to end: a button caught half-way through its
 * hover transition (the pointer left over it by the last click) has colours between two states, and axe
 * would judge a contrast no user sees at rest. Infinite animations (a spinner) are not waited for.
 */
const settleTransitions = (page: Page) =>
  page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
