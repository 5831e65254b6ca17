import { useEffect, useRef, useState } from 'react';
import type { DayKey, HeatmapDay } from '@stickwork/domain';
import { calendarWeeks, dayDetail, dayTooltip, WEEKDAY_LABELS } from './calendar-weeks';

/**
 * The activity calendar of the last 4 months (product-spec §2, §9): one cell per day coloured by
 * intensity 0-4; clicking a day toggles its detail panel.
 */
export const ActivityCalendar = ({ days }: { days: readonly HeatmapDay[] }) => {
  const [openDay, setOpenDay] = useState<DayKey | null>(null);
  const weeks = calendarWeeks(days);
  const scrollRef = useRef<HTMLDivElement>(null);

  // On narrow screens the newest weeks matter most: start scrolled to today.
  useEffect(() => {
    const scroller = scrollRef.current;
    if (scroller) scroller.scrollLeft = scroller.scrollWidth;
  }, []);
  const open = days.find((day) => day.date === openDay);
  const detail = open ? dayDetail(open) : null;
  return (
    <div className="activity-calendar">
      <div className="activity-calendar__scroll" ref={scrollRef}>
        <div
          className="activity-calendar__grid"
          style={{ gridTemplateColumns: `auto repeat(${weeks.length}, 1fr)` }}
        >
          <span />
          {weeks.map((week, index) => (
            <span key={`month-${index}`} className="activity-calendar__month" aria-hidden="true">
              {week.monthLabel}
            </span>
          ))}
          {WEEKDAY_LABELS.map((weekday, row) => (
            <div key={weekday} className="activity-calendar__row">
              <span className="activity-calendar__weekday" aria-hidden="true">
                {row % 2 === 0 ? weekday : ''}
              </span>
              {weeks.map((week, column) => {
                const day = week.days[row];
                if (!day) return <span key={`${row}-${column}`} className="activity-calendar__blank" />;
                const tooltip = dayTooltip(day);
                return (
                  <button
                    key={day.date}
                    type="button"
                    className={`activity-calendar__day activity-calendar__day--${day.intensity}`}
                    data-date={day.date}
                    title={tooltip}
                    aria-label={tooltip}
                    aria-pressed={openDay === day.date}
                    onClick={() => setOpenDay(openDay === day.date ? null : day.date)}
                  />
                );
              })}
            </div>
          ))}
        </div>
      </div>
      <div className="activity-calendar__legend" aria-hidden="true">
        <span>Less</span>
        {[0, 1, 2, 3, 4].map((intensity) => (
          <span
            key={intensity}
            className={`activity-calendar__swatch activity-calendar__day--${intensity}`}
          />
        ))}
        <span>More</span>
      </div>
      {detail ? (
        <section className="activity-calendar__detail" aria-live="polite" aria-label="Day details">
          <h3>{detail.date}</h3>
          <p>{detail.lessons}</p>
          <p>{detail.minutes}</p>
        </section>
      ) : null}
    </div>
  );
};
