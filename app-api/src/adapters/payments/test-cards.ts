/**
 * The local provider's card check, with Stripe's test cards and Stripe's own wording, so the
 * embedded test form behaves like Stripe's test mode.
 */
export interface TestCard {
  number: string;
  /** MM/YY */
  expiry: string;
  cvc: string;
  name: string;
}

export const TEST_CARD_MESSAGES = {
  declined: 'Your card was declined.',
  incorrectNumber: 'Your card number is incorrect.',
  incompleteExpiry: "Your card's expiration date is incomplete.",
  expired: "Your card's expiration year is in the past.",
  incompleteCvc: "Your card's security code is incomplete.",
  missingName: 'Please enter the name on your card.',
} as const;

/** Stripe's test cards that pay: Visa and Mastercard. */
export const SUCCEEDING_TEST_CARDS = ['4242424242424242', '5555555555554444'] as const;
/** Stripe's generic decline test card. */
export const DECLINED_TEST_CARD = '4000000000000002';

export type CardCheck =
  | { outcome: 'approved'; last4: string }
  | { outcome: 'declined'; message: string }
  | { outcome: 'invalid'; field: keyof TestCard; message: string };

const digitsOf = (text: string) => text.replace(/[\s-]/g, '');

const passesLuhn = (digits: string): boolean => {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
};

/** Approves Stripe's succeeding test cards only: any other well-formed card is declined, as in test mode. */
export const checkTestCard = (card: TestCard, now: Date): CardCheck => {
  const number = digitsOf(card.number);
  if (!/^\d{12,19}$/.test(number) || !passesLuhn(number))
    return { outcome: 'invalid', field: 'number', message: TEST_CARD_MESSAGES.incorrectNumber };
  const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2})\s*$/.exec(card.expiry);
  const month = Number(expiry?.[1]);
  if (!expiry || month < 1 || month > 12)
    return { outcome: 'invalid', field: 'expiry', message: TEST_CARD_MESSAGES.incompleteExpiry };
  const year = 2000 + Number(expiry[2]);
  const nowMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
  if (year * 12 + (month - 1) < nowMonth)
    return { outcome: 'invalid', field: 'expiry', message: TEST_CARD_MESSAGES.expired };
  if (!/^\d{3,4}$/.test(card.cvc.trim()))
    return { outcome: 'invalid', field: 'cvc', message: TEST_CARD_MESSAGES.incompleteCvc };
  if (card.name.trim().length === 0)
    return { outcome: 'invalid', field: 'name', message: TEST_CARD_MESSAGES.missingName };
  if (!(SUCCEEDING_TEST_CARDS as readonly string[]).includes(number))
    return { outcome: 'declined', message: TEST_CARD_MESSAGES.declined };
  return { outcome: 'approved', last4: number.slice(-4) };
};
