import {
  accuracyLabel,
  isFullTake,
  MIN_FULL_TAKE_NOTES,
  suggestedRating,
  timingOffsetLabel,
  type DifficultyRating,
  type TakeScore,
  WEAK_SPOT_RULES,
} from '@stickwork/domain';
import { offsetHistogram } from './take';

/**
 * A take uniformly late (10 ms or more on the whole, a spread under 20 ms: the weak spots' thresholds)
 * looks like a setup's delay before it is measured; a setup never makes strokes early.
 */
const lateByTheSetup = (score: TakeScore) =>
  score.meanOffsetMs >= WEAK_SPOT_RULES.meanOffsetMs && score.spreadMs < WEAK_SPOT_RULES.spreadMs;

const ratingWords = (rating: DifficultyRating) => rating.replace('_', ' ');

/** What the lesson's full takes so far suggest by the tempo plan's rule (`judgePlay`), and how many they are. */
export interface PlaySuggestion {
  rating: DifficultyRating;
  takes: number;
}

/**
 * After a take: accuracy, mean and spread, the counts, a small histogram of offsets, and the suggestion:
 * the play's (its full takes by one rule) once there are several, the take's own before.
 */
export const TakeSummary = ({
  score,
  play = null,
  calibrated = true,
}: {
  score: TakeScore;
  play?: PlaySuggestion | null;
  /** The input's latency is measured: an uncalibrated take is recorded but teaches no plan. */
  calibrated?: boolean;
}) => {
  const bins = offsetHistogram(score);
  const tallest = Math.max(1, ...bins.map((bin) => bin.count));
  return (
    <section className="take-summary" aria-labelledby="take-summary-title">
      <h3 id="take-summary-title" className="take-summary__title">
        Your take
      </h3>
      <dl className="take-summary__figures">
        <div>
          <dt>Accuracy</dt>
          <dd>{accuracyLabel(score.accuracy)}</dd>
        </div>
        <div>
          <dt>On average</dt>
          <dd>{score.hit === 0 ? '–' : timingOffsetLabel(score.meanOffsetMs)}</dd>
        </div>
        <div>
          <dt>Spread</dt>
          <dd>{score.hit === 0 ? '–' : `± ${Math.round(score.spreadMs)} ms`}</dd>
        </div>
      </dl>
      <p className="take-summary__counts">
        {score.hit} of {score.expected} notes played, {score.missed} missed, {score.extra} extra
      </p>
      {score.dynamics ? (
        <p className="take-summary__counts">
          Dynamics: {score.dynamics.asWritten} of {score.dynamics.judged} strokes at the written level
          (accents loud, ghost notes soft)
        </p>
      ) : null}
      <figure className="take-summary__histogram">
        <div className="take-summary__bars" aria-hidden="true">
          {bins.map((bin) => (
            <span
              key={bin.from}
              className="take-summary__bar"
              data-side={bin.from < -10 ? 'early' : bin.from >= 10 ? 'late' : 'on'}
              style={{ height: `${(100 * bin.count) / tallest}%` }}
            />
          ))}
        </div>
        <figcaption className="take-summary__axis">
          <span>60 ms early</span>
          <span>on the beat</span>
          <span>60 ms late</span>
        </figcaption>
        <ul className="visually-hidden">
          {bins
            .filter((bin) => bin.count > 0)
            .map((bin) => (
              <li key={bin.from}>
                {bin.count} {bin.count === 1 ? 'hit' : 'hits'} from {timingOffsetLabel(bin.from)} to{' '}
                {timingOffsetLabel(bin.from + 10)}
              </li>
            ))}
        </ul>
      </figure>
      {isFullTake(score) && !calibrated && lateByTheSetup(score) ? (
        <p className="take-summary__suggestion">
          Calibrate first: every hit came about {Math.round(score.meanOffsetMs)} ms late, which may be all
          your setup’s delay, not your timing. This take is kept in your lesson history, but sets neither your
          next tempo, the suggested rating nor your weak spots until you calibrate.
        </p>
      ) : isFullTake(score) && !calibrated ? (
        <p className="take-summary__suggestion">
          Not calibrated: this take is kept in your lesson history, but sets neither your next tempo, the
          suggested rating nor your weak spots, since your setup’s delay is in it. Calibrate, and your takes
          count.
        </p>
      ) : isFullTake(score) ? (
        play && play.takes > 1 ? (
          <p className="take-summary__suggestion">
            Your {play.takes} full takes of this lesson suggest rating it{' '}
            <strong>{ratingWords(play.rating)}</strong>; you choose when you evaluate.
          </p>
        ) : (
          <p className="take-summary__suggestion">
            This take suggests rating the lesson{' '}
            <strong>{ratingWords(suggestedRating(score.accuracy))}</strong>; you choose when you evaluate.
          </p>
        )
      ) : (
        <p className="take-summary__suggestion">
          Too short to count: a take counts from {MIN_FULL_TAKE_NOTES} notes, this one had {score.expected}.
          It is not recorded, and sets neither your next tempo nor the suggested rating.
        </p>
      )}
    </section>
  );
};
