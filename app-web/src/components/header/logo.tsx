/** The Stickwork mark: a snare drum with crossed sticks. */
export const Logo = ({ size = 36 }: { size?: number }) => (
  <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
    <rect width="64" height="64" rx="14" fill="var(--color-brass-400)" />
    <ellipse cx="32" cy="40" rx="18" ry="6" fill="var(--color-ink-900)" />
    <path
      d="M14 40v8c0 3.3 8 6 18 6s18-2.7 18-6v-8"
      fill="none"
      stroke="var(--color-ink-900)"
      strokeWidth="4"
    />
    <path d="M20 11l14 25M44 11L30 36" stroke="var(--color-ink-900)" strokeWidth="4" strokeLinecap="round" />
  </svg>
);
