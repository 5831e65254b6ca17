import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import {
  steadyLagSentence,
  WEAK_SPOT_TRENDS,
  weakSpotSentence,
  type WeakSpot,
  type WeakSpotTrend,
} from '@stickwork/domain';
import { selectLessonHistory, weakSpotsRequested } from './lesson-history-slice';
import './lesson-history.css';

const trendClass = (trend: WeakSpotTrend) => `weak-spot__trend weak-spot__trend--${trend}`;

const Detail = ({ trend, strokes, takes }: Pick<WeakSpot, 'trend' | 'strokes' | 'takes'>) => (
  <p className="weak-spot__detail">
    <span className={trendClass(trend)}>{WEAK_SPOT_TRENDS[trend]}</span>
    {` · ${strokes} strokes in ${takes} ${takes === 1 ? 'take' : 'takes'}`}
  </p>
);

/**
 * On the stats page: the weak spots of the drummer's timing over the latest 4 weeks, worst first, in words
 * a drummer uses, each with its trend; a lag every position shares is said once, first. Nothing without
 * any (a steady drummer, or no takes yet).
 */
export const WeakSpots = () => {
  const dispatch = useDispatch();
  const { weakSpots, steadyLag } = useSelector(selectLessonHistory);

  useEffect(() => {
    dispatch(weakSpotsRequested());
  }, [dispatch]);

  if ((!weakSpots || weakSpots.length === 0) && !steadyLag) return null;
  return (
    <section className="stack weak-spots" aria-labelledby="weak-spots-title">
      <h2 id="weak-spots-title">Weak spots</h2>
      <p className="timing-trends__lead">
        Where your timing stands out over the last 4 weeks of takes. When one of your skills has a lesson that
        works on the first, your sessions include it.
      </p>
      <ul className="timing-trends__list">
        {steadyLag ? (
          <li className="card weak-spot" data-testid="weak-spot">
            <p className="weak-spot__sentence">{steadyLagSentence(steadyLag)}</p>
            <Detail {...steadyLag} />
          </li>
        ) : null}
        {(weakSpots ?? []).map((spot) => (
          <li
            key={`${spot.voice} ${spot.position} ${spot.beat ?? ''}`}
            className="card weak-spot"
            data-testid="weak-spot"
          >
            <p className="weak-spot__sentence">{weakSpotSentence(spot)}</p>
            <Detail {...spot} />
          </li>
        ))}
      </ul>
    </section>
  );
};
