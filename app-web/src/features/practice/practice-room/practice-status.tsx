import {
  gapAt,
  isGapBar,
  trainerNextStep,
  trainerTempoAt,
  type GapChange,
  type GapClick,
  type PracticePosition,
  type SpeedTrainer,
} from '@stickwork/domain';
import { SILENT_BAR_TEXT } from '../silent-bar-text';

interface PracticeStatusProps {
  position: PracticePosition | null;
  beatsPerBar: number;
  /** The gap click as set, and its changes during the run (each in force from the end of a cycle). */
  gap: GapClick | null;
  gapChanges: readonly GapChange[];
  trainer: SpeedTrainer | null;
}

/** Where the run is, for the transport's status line. */
export const barLabel = (position: PracticePosition | null): string => {
  if (!position) return 'Stopped';
  if (position.countIn) return 'Count-in';
  if (position.silent) return `Bar ${position.barNumber + 1}: ${SILENT_BAR_TEXT}`;
  return `Bar ${position.barNumber + 1}`;
};

/**
 * What plays now: the beats of the bar (the current one lit), the count-in, the gap click's bars (the
 * silent ones marked; while a run plays, the gap in force, a change showing from its first bar) and the
 * speed trainer's tempo and next step.
 */
export const PracticeStatus = ({
  position,
  beatsPerBar,
  gap: setGap,
  gapChanges,
  trainer,
}: PracticeStatusProps) => {
  const bar = position && !position.countIn ? position.barNumber : null;
  const inForce = bar === null ? { gap: setGap, fromBar: 0 } : gapAt(setGap, gapChanges, bar);
  const gap = bar === null ? setGap : inForce.gap;
  const trainerBar = bar ?? 0;
  const next = trainer ? trainerNextStep(trainer, trainerBar) : null;
  return (
    <div className="practice-room__status">
      <div className="practice-room__beats" aria-hidden="true">
        {Array.from({ length: beatsPerBar }, (_, beat) => (
          <span
            key={beat}
            className={[
              'practice-room__beat',
              position?.beat === beat ? 'is-current' : '',
              position?.countIn ? 'is-count-in' : '',
              position?.silent ? 'is-silent' : '',
            ].join(' ')}
          >
            {beat + 1}
          </span>
        ))}
      </div>
      {gap ? (
        <div className="practice-room__gap">
          <p className="practice-room__caption">
            Gap click: {gap.withClick} {gap.withClick === 1 ? 'bar' : 'bars'} with click, {gap.silent} silent
          </p>
          <ol className="practice-room__gap-bars" aria-label="Gap click bars">
            {Array.from({ length: gap.withClick + gap.silent }, (_, index) => {
              const silent = isGapBar(gap, index);
              const current =
                bar !== null && (bar - inForce.fromBar) % (gap.withClick + gap.silent) === index;
              return (
                <li
                  key={index}
                  className={[
                    'practice-room__gap-bar',
                    silent ? 'is-silent' : '',
                    current ? 'is-current' : '',
                  ].join(' ')}
                  aria-current={current ? 'step' : undefined}
                >
                  {silent ? 'silent' : 'click'}
                </li>
              );
            })}
          </ol>
        </div>
      ) : null}
      {trainer ? (
        <p className="practice-room__trainer">
          Speed trainer: now{' '}
          <strong>{position ? position.bpm : trainerTempoAt(trainer, trainerBar)} bpm</strong>
          {next
            ? `, next ${next.bpm} bpm at bar ${next.atBar + 1}`
            : `, target ${trainer.targetBpm} bpm reached`}
        </p>
      ) : null}
    </div>
  );
};
