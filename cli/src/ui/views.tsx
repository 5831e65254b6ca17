import React, { useState } from 'react';
import { Text, useInput } from 'ink';

const BAR_WIDTH = 30;

/** `m:ss` (or `h:mm:ss`) for a time left. */
export const formatDuration = (seconds: number): string => {
  const whole = Math.max(0, Math.ceil(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
};

/**
 * A progress bar with its counts, rate and time left:
 * `label [#####.....] 120/300 events  850 events/s  0:03 left`.
 */
export function ProgressBar({
  label,
  done,
  total,
  unit,
  perSecond,
  secondsLeft,
}: {
  label: string;
  done: number;
  total: number;
  unit: string;
  perSecond?: number;
  secondsLeft?: number;
}) {
  const ratio = total > 0 ? Math.min(1, done / total) : 1;
  const filled = Math.round(ratio * BAR_WIDTH);
  return (
    <Text>
      {label} [<Text color="green">{'#'.repeat(filled)}</Text>
      {'.'.repeat(BAR_WIDTH - filled)}] {done}/{total} {unit}
      {perSecond !== undefined && `  ${Math.round(perSecond)} ${unit}/s`}
      {secondsLeft !== undefined && `  ${formatDuration(secondsLeft)} left`}
    </Text>
  );
}

/** A y/N question: y or Y confirms, anything else (Enter included) declines. */
export function ConfirmPrompt({
  question,
  onAnswer,
}: {
  question: string;
  onAnswer: (yes: boolean) => void;
}) {
  const [answer, setAnswer] = useState<boolean | null>(null);
  useInput((input) => {
    if (answer !== null) return;
    const yes = input.toLowerCase() === 'y';
    setAnswer(yes);
    onAnswer(yes);
  });
  return (
    <Text>
      <Text color="yellow">?</Text> {question} <Text dimColor>(y/N)</Text>
      {answer !== null && ` ${answer ? 'yes' : 'no'}`}
    </Text>
  );
}
