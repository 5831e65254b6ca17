import {
  currentLessonOf,
  type PlaybackPosition,
  DIFFICULTY_RATINGS,
  isLastLessonOf,
  judgePlay,
  lessonCardMachine,
  passesForPracticeTime,
  passesSentence,
  writtenRepeat,
  playVerdictSentence,
  SKILL_DISPLAY_NAMES,
  takeIsRecorded,
  tempoPlanSentence,
  tempoWithNote,
  timingScoredRequestOf,
  type ScheduledLesson,
} from '@stickwork/domain';
import { useMachine } from '@xstate/react';
import { useCallback, useId, useLayoutEffect, useRef, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Button } from '../../components/button/button';
import { CheckboxField } from '../../components/form/checkbox-field';
import { DrumIcon, SticksIcon } from '../../components/icons/icons';
import { lessonBackButtonText, lessonFrontButtonText } from './lesson-card-buttons';
import { LessonDescription } from './lesson-description';
import { LessonVideo } from './lesson-video';
import { MusicSheetButton } from './music-sheet-button';
import { NotationView } from './notation/notation-view';
import { useLessonNotation } from './notation/use-lesson-notation';
import type { CardTransport } from './practice-room/card-transport';
import { PracticeRoom } from './practice-room/practice-room';
import type { CoachChoice } from './practice-room/practice-room-panel';
import {
  lessonEvaluated,
  lessonUsageCounted,
  practiceActivityRecorded,
  practiceReportOpened,
  practiceScheduleReset,
  progressRefreshRequested,
  scheduleProgressed,
  selectLastCredit,
  timingScored,
} from './practice-slice';
import type { ScoredTake } from './timing-coach/timing-coach';
import { practiceTimeText } from './practice-report-text';
import { stopwatchDisplay } from './stopwatch-display';
import type { StoredSchedule } from './stored-schedule';

const RATING_LABELS = DIFFICULTY_RATINGS.map((rating) => rating.replace('_', ' '));

const scrollToTop = () => {
  if (typeof window.scrollTo === 'function') window.scrollTo({ top: 0 });
};

interface LessonCardProps {
  session: StoredSchedule;
  firstName: string | null;
}

/**
 * The practice session (product-spec §2 "Lesson card"): domain's lessonCardMachine walks the
 * schedule; its effects become practice actions that the saga posts and stores.
 */
export const LessonCard = ({ session, firstName }: LessonCardProps) => {
  const dispatch = useDispatch();
  // The server's credit of the lesson evaluated last: the next card says when it earned nothing.
  const lastCredit = useSelector(selectLastCredit);
  const [metronomeTurn, setMetronomeTurn] = useState(0);
  // Each showing of a lesson is one play: its takes and its evaluation carry the same id.
  const playIds = useRef(new Map<number, string>());
  const playIdOf = (lessonIndex: number): string => {
    let playId = playIds.current.get(lessonIndex);
    if (playId === undefined) playIds.current.set(lessonIndex, (playId = crypto.randomUUID()));
    return playId;
  };
  const [machine] = useState(() =>
    lessonCardMachine.provide({
      actions: {
        scrollToTop,
        resetMetronome: () => setMetronomeTurn((turn) => turn + 1),
        recordEvaluation: ({ context }, evaluation) =>
          dispatch(
            lessonEvaluated({
              evaluation: { ...evaluation, playId: playIdOf(context.lessonIndex) },
              focus: currentLessonOf(context)?.focus ?? 'warm_up',
            }),
          ),
        countUsage: (_, { lessonId }) => dispatch(lessonUsageCounted({ lessonId })),
        recordPracticeActivity: (_, activity) => dispatch(practiceActivityRecorded(activity)),
        storeScheduleProgress: (_, progress) => dispatch(scheduleProgressed(progress)),
        refreshProgress: () => dispatch(progressRefreshRequested()),
        openPracticeReport: () => dispatch(practiceReportOpened()),
        resetSchedule: () => dispatch(practiceScheduleReset()),
      },
    }),
  );
  const [snapshot, send] = useMachine(machine, {
    input: {
      lessons: session.lessons,
      currentLessonIndex: session.currentLessonIndex,
      practiceTimeBeforeCurrentExercise: session.practiceTimeBeforeCurrentExercise,
    },
  });
  const { context } = snapshot;
  const lesson = currentLessonOf(context);
  const notation = useLessonNotation(lesson?.type === 'limit_reached' ? undefined : lesson?.lesson_id);
  // Where the pattern player is, so the notation can highlight the notes sounding now.
  const [playback, setPlayback] = useState<PlaybackPosition | null>(null);
  // Carried from card to card: the coach's input (all lessons) and the tempo chosen for this lesson
  // (turning the card and coming back keeps it; a new lesson starts at its own planned tempo).
  const [coachChoice, setCoachChoice] = useState<CoachChoice>({ kind: 'none' });
  const chosenTempo = useRef(new Map<number, number>());
  const lessonIndex = context.lessonIndex;
  const rememberTempo = useCallback(
    (bpm: number) => {
      chosenTempo.current.set(lessonIndex, bpm);
    },
    [lessonIndex],
  );
  // Starting or resuming a session opens the card at its top (title, stopwatch), also on a phone where
  // the button pressed sits far down the overview. Once per card: later turns follow the machine. Before
  // the card is painted, so nobody sees (or presses) a button that is about to jump away.
  const cardTop = useRef<HTMLElement>(null);
  const openedAtTop = useRef(false);
  useLayoutEffect(() => {
    if (openedAtTop.current || !cardTop.current) return;
    openedAtTop.current = true;
    cardTop.current.scrollIntoView?.({ block: 'start' });
  });
  // The timing coach's last take of this lesson (the machine keeps it through card turns) shows again on
  // "back to lesson"; the machine starts the back's slider where the play's full takes point (`judgePlay`,
  // the tempo plan's rule), and the back says which take set it.
  const { lastTake } = context;
  const verdict = judgePlay(context.fullTakes);
  if (!lesson) return null;
  const takeScored = ({ score, input, bpm, byPosition, calibrated }: ScoredTake) => {
    const playId = playIdOf(context.lessonIndex);
    // A short take or one that is mostly noise (more extra strokes than a drummer plays) is shown, not recorded.
    if (takeIsRecorded(score))
      dispatch(
        timingScored(
          timingScoredRequestOf(lesson.lesson_id, input, bpm, score, playId, byPosition, calibrated),
        ),
      );
    send({ type: 'take.scored', score, bpm, calibrated });
  };
  const evaluate = () => send({ type: 'card.evaluate' });

  const tempoSentence = lesson.tempo_plan
    ? tempoPlanSentence({ startBpm: lesson.start_bpm, basis: lesson.tempo_plan.basis })
    : null;
  const total = context.lessons.filter((entry) => entry.type !== 'limit_reached').length;
  const position = Math.min(context.lessonIndex + 1, total);
  const stopwatch = {
    seconds: context.elapsedSeconds,
    running: snapshot.matches({ practising: { stopwatch: 'running' } }),
    toggle: () => send({ type: 'stopwatch.toggle' }),
  };
  const transport: CardTransport = {
    playing: snapshot.matches({ practising: { transport: 'playing' } }) ? context.transportMode : null,
    mode: context.transportMode,
    stoppedBy: context.transportStoppedBy,
    play: (mode) => send({ type: 'transport.play', mode }),
    stop: () => send({ type: 'transport.stop' }),
    interrupted: (by) => send({ type: 'transport.interrupted', by }),
  };
  const ready = notation.status === 'ready' ? notation.notation : null;
  // The repetitions are the practice time at the planned tempo, counted in passes of the pattern.
  const passes = ready ? passesForPracticeTime(ready, lesson.practice_time, lesson.start_bpm) : null;
  // The music writes identical bars once, its "N×" counting them: the sentence says the same count.
  const written = ready && passes !== null ? writtenRepeat(ready, passes) : undefined;

  if (snapshot.matches('limitReached')) {
    return (
      <section className="lesson-card lesson-card--limit" aria-labelledby="limit-reached-title">
        <div className="lesson-card__blurred" inert aria-hidden="true">
          <LessonSummary lesson={lesson} />
        </div>
        <div className="lesson-card__overlay">
          <h2 id="limit-reached-title">Daily Limit reached</h2>
          <p>
            You have practised all of today's free lessons. Come back tomorrow, or upgrade for unlimited
            practice.
          </p>
          <Button onClick={() => send({ type: 'practice.finish' })}>Finish practice</Button>
        </div>
      </section>
    );
  }

  if (snapshot.matches({ practising: { card: 'back' } })) {
    return (
      <LessonBack
        lesson={lesson}
        firstName={firstName}
        ratingPosition={context.ratingPosition}
        suggestion={verdict ? playVerdictSentence(verdict, context.fullTakes.length) : null}
        mastered={context.mastered}
        isLastLesson={isLastLessonOf(context)}
        onRate={(ratingPosition) => send({ type: 'rating.set', position: ratingPosition })}
        onToggleMastered={() => send({ type: 'mastered.toggle' })}
        onBack={() => send({ type: 'card.back' })}
        onSubmit={() => send({ type: 'evaluation.submit' })}
      />
    );
  }

  if (!snapshot.matches({ practising: { card: 'front' } })) return null;
  return (
    <section ref={cardTop} className="lesson-card" aria-labelledby="lesson-title">
      <div className="lesson-card__top">
        <span className="lesson-card__focus">
          <SticksIcon size={20} aria-hidden="true" /> {SKILL_DISPLAY_NAMES[lesson.focus]}
        </span>
        <span className="lesson-card__stopwatch">
          <span aria-label="Practice time so far" role="timer">
            {stopwatchDisplay(stopwatch.seconds)}
          </span>
          <Button variant="ghost" size="sm" onClick={stopwatch.toggle}>
            {stopwatch.running ? 'Pause' : 'Resume'}
          </Button>
        </span>
      </div>
      <h2 id="lesson-title" className="lesson-card__title">
        {lesson.name}
      </h2>
      {lesson.weak_spot && <p className="lesson-card__weak-spot">{lesson.weak_spot.reason}</p>}
      {lastCredit && !lastCredit.earned && (
        <p className="lesson-card__unearned" role="status">
          {lastCredit.name} earned nothing: evaluated after {practiceTimeText(lastCredit.practisedSeconds)},
          before real practice. Progress and practice minutes come from time spent on a lesson.
        </p>
      )}
      <PracticeRoom
        key={`${context.lessonIndex}-${metronomeTurn}`}
        lessonId={lesson.lesson_id}
        notation={ready}
        transport={transport}
        music={
          <NotationView
            lessonName={lesson.name}
            notation={notation}
            repetitions={passes ?? lesson.number_repetition}
            position={playback}
          />
        }
        {...(passes === null ? {} : { passes })}
        startBpm={lesson.start_bpm}
        {...(chosenTempo.current.has(context.lessonIndex)
          ? { chosenBpm: chosenTempo.current.get(context.lessonIndex)! }
          : {})}
        onBpm={rememberTempo}
        coachChoice={coachChoice}
        onCoachChoice={setCoachChoice}
        {...(lesson.tempo_plan ? { targetBpm: lesson.tempo_plan.targetBpm } : {})}
        onPosition={setPlayback}
        lastTake={lastTake}
        onTakeScored={takeScored}
        playSuggestion={verdict ? { rating: verdict.rating, takes: context.fullTakes.length } : null}
      />
      <LessonVideo videoUrl={lesson.video_url} title={lesson.name} />
      <ul className="lesson-card__info">
        <li>
          Start tempo: <strong>{lesson.start_bpm} bpm</strong>
          {notation.status === 'ready' && notation.notation.timeSignature.beatUnit === 8 ? (
            // In x/8 the beat is an eighth: say so, and give the dotted-quarter pulse of 6/8 and 12/8.
            <> ({tempoWithNote(notation.notation.timeSignature, lesson.start_bpm)})</>
          ) : null}
          {tempoSentence !== null && <span className="lesson-card__tempo-plan">{tempoSentence}</span>}
        </li>
        <li>
          Practice time: <strong>{lesson.practice_time} min</strong>
          {passes === null ? null : (
            <span className="lesson-card__tempo-plan">
              {passesSentence(passes, lesson.start_bpm, written)}
            </span>
          )}
        </li>
        <li className="lesson-card__pad">
          <DrumIcon size={20} aria-hidden="true" />
          {lesson.pad_sufficient ? 'Works on a drum pad' : 'Needs a drum kit'}
        </li>
        <li>
          # {position} / {total}
        </li>
        <li>
          <MusicSheetButton lessonId={lesson.lesson_id} lessonName={lesson.name} />
        </li>
      </ul>
      <LessonDescription text={lesson.description_text} />
      <div className="lesson-card__actions">
        <Button onClick={evaluate}>{lessonFrontButtonText(lesson)}</Button>
      </div>
    </section>
  );
};

/** The blurred lesson behind the limit overlay: no controls, nothing to reach. */
const LessonSummary = ({ lesson }: { lesson: ScheduledLesson }) => (
  <>
    <p className="lesson-card__focus">{SKILL_DISPLAY_NAMES[lesson.focus]}</p>
    <p className="lesson-card__title">{lesson.name}</p>
    <p>{lesson.description_text}</p>
  </>
);

interface LessonBackProps {
  lesson: ScheduledLesson;
  firstName: string | null;
  ratingPosition: number;
  /** Why the slider starts where it does (the play's full takes), when there was a full take. */
  suggestion: string | null;
  mastered: boolean;
  isLastLesson: boolean;
  onRate: (position: number) => void;
  onToggleMastered: () => void;
  onBack: () => void;
  onSubmit: () => void;
}

const LessonBack = ({
  lesson,
  firstName,
  ratingPosition,
  suggestion,
  mastered,
  isLastLesson,
  onRate,
  onToggleMastered,
  onBack,
  onSubmit,
}: LessonBackProps) => {
  const sliderId = useId();
  const noteId = useId();
  return (
    <section className="lesson-card lesson-card--back" aria-labelledby="lesson-back-title">
      <h2 id="lesson-back-title" className="lesson-card__title">
        Hi {firstName ?? 'there'}
      </h2>
      <p>Please evaluate how difficult you've experienced this lesson.</p>
      <p className="lesson-card__evaluated">{lesson.name}</p>
      {suggestion === null ? null : <p className="practice-muted">{suggestion}</p>}
      <label className="field__label" htmlFor={sliderId}>
        Difficulty
      </label>
      <input
        id={sliderId}
        className="rating-slider"
        type="range"
        min={0}
        max={RATING_LABELS.length - 1}
        step={1}
        value={ratingPosition}
        aria-valuetext={RATING_LABELS[ratingPosition]}
        onChange={(event) => onRate(Number(event.target.value))}
      />
      <ol className="rating-slider__labels" aria-hidden="true">
        {RATING_LABELS.map((label, index) => (
          <li key={label} className={index === ratingPosition ? 'is-current' : undefined}>
            {label}
          </li>
        ))}
      </ol>
      {lesson.type === 'warm_up' ? null : (
        <div className="lesson-card__mastered">
          <CheckboxField name="mastered" checked={mastered} onChange={onToggleMastered}>
            I have mastered this lesson.
          </CheckboxField>
          <p id={noteId} className="practice-muted">
            The lesson will be marked as finished and rated too easy.
          </p>
        </div>
      )}
      <div className="lesson-card__actions">
        <Button variant="secondary" onClick={onBack}>
          back to lesson
        </Button>
        <Button onClick={onSubmit}>{lessonBackButtonText(isLastLesson)}</Button>
      </div>
    </section>
  );
};
