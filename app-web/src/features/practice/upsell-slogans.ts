/** The launch overview's banner for freemium customers: one of five, picked at random (product-spec §9). */
export const UPSELL_SLOGANS = [
  'Three lessons a day is a start. Unlimited practice is a drummer.',
  'Your sticks are warm. Keep going with unlimited lessons.',
  'Unlock every skill and practise as long as you like.',
  'Great grooves need more than three lessons a day. Upgrade today.',
  'Practise on the pad, on the kit, without limits: go premium.',
] as const;

/** `random` in [0, 1), as Math.random gives it. */
export const pickSlogan = (random: number): string => {
  const index = Math.min(UPSELL_SLOGANS.length - 1, Math.max(0, Math.floor(random * UPSELL_SLOGANS.length)));
  return UPSELL_SLOGANS[index] ?? UPSELL_SLOGANS[0];
};
