import { describe, expect, it } from 'vitest';
import * as domain from '../index.js';

/**
 * What only the browser shows or runs lives in app-web (docs/architecture.md); the domain
 * root keeps the rules. These are the texts and names that moved; none may come back by any name.
 */
const BROWSER_ONLY_TEXTS = [
  'warmed up',
  'evaluate lesson',
  'finish practice',
  'Your subscription has been canceled.',
  'Questionnaire',
  'Personal Data',
];
const BROWSER_ONLY_EXPORTS = [
  'lessonFrontButtonText',
  'lessonBackButtonText',
  'subscriptionView',
  'SUBSCRIPTION_CANCELED_MESSAGE',
  'consentMachine',
  'registrationWizardMachine',
  'registrationWizardView',
  'REGISTRATION_STEPS',
];

/** Every string reachable from a value through arrays and plain objects (functions are not entered). */
const stringsIn = (value: unknown, seen = new Set<unknown>()): string[] => {
  if (typeof value === 'string') return [value];
  if (typeof value !== 'object' || value === null || seen.has(value)) return [];
  seen.add(value);
  if (Array.isArray(value)) return value.flatMap((item) => stringsIn(item, seen));
  if (Object.getPrototypeOf(value) !== Object.prototype) return [];
  return Object.values(value).flatMap((item) => stringsIn(item, seen));
};

describe('the domain root', () => {
  it('exports none of the browser-only copy and machines that moved to app-web', () => {
    expect(Object.keys(domain).filter((name) => BROWSER_ONLY_EXPORTS.includes(name))).toEqual([]);
  });

  it('holds none of their texts in any exported constant', () => {
    const texts = new Set(Object.values(domain).flatMap((value) => stringsIn(value)));
    expect(BROWSER_ONLY_TEXTS.filter((text) => texts.has(text))).toEqual([]);
  });
});
