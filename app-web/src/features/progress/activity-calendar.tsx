import { useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import type { DayKey, HeatmapDay } from '@stickwork/domain';
import { calendarWeeks, dayDetail, dayTooltip, WEEKDAY_LABELS } from './calendar-weeks';

/** What a frozen day's tooltip and detail panel add. */
const FROZEN_DAY = 'streak freeze used';
const FROZEN_DAY_DETAIL = 'A streak freeze kept your streak going.';

/**
 * The activity calendar of the last 4 months (product-spec §2, §9): one cell per day coloured by
 * intensity 0-4; clicking a day toggles its detail panel. One Tab stop for the whole calendar: arrow
 * keys move a day (up/down) or a week (left/right), starting from today. Days a streak freeze saved
 * are marked frozen.
 */
export const ActivityCalendar = ({
  days,
  frozenDays = [],
}: {
  days: readonly HeatmapDay[];
  frozenDays?: readonly DayKey[];
}) => {
  const frozen = new Set(frozenDays);
  const [openDay, setOpenDay] = useState<DayKey | null>(null);
  const weeks = calendarWeeks(days);
  const gridRef = useRef<HTMLDivElement>(null);
  const [focusDay, setFocusDay] = useState<DayKey | null>(null);
  const tabStop = focusDay ?? days.at(-1)?.date ?? null;
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const steps: Record<string, number> = { ArrowUp: -1, ArrowDown: 1, ArrowLeft: -7, ArrowRight: 7 };
    const step = steps[event.key];
    const from = days.findIndex((day) => day.date === tabStop);
    if (step === undefined || from < 0) return;
    const target = days[Math.max(0, Math.min(days.length - 1, from + step))];
    if (!target) return;
    event.preventDefault();
    setFocusDay(target.date);
    gridRef.current?.querySelector<HTMLButtonElement>(`[data-date="${target.date}"]`)?.focus();
  };
  const open = days.find((day) => day.date === openDay);
  const detail = open ? dayDetail(open) : null;
  return (
    <div className="activity-calendar" style={{ '--calendar-weeks': weeks.length } as CSSProperties}>
      {/* The 4 months always fit: the cells shrink to the card on a phone and stop growing on a wide screen. */}
      <div className="activity-calendar__fit">
        <div className="activity-calendar__grid" ref={gridRef} onKeyDown={onKeyDown}>
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
                const isFrozen = frozen.has(day.date);
                const tooltip = isFrozen ? `${dayTooltip(day)}, ${FROZEN_DAY}` : dayTooltip(day);
                return (
                  <button
                    key={day.date}
                    type="button"
                    className={`activity-calendar__day activity-calendar__day--${day.intensity}${isFrozen ? ' activity-calendar__day--frozen' : ''}`}
                    data-date={day.date}
                    title={tooltip}
                    aria-label={tooltip}
                    aria-pressed={openDay === day.date}
                    tabIndex={day.date === tabStop ? 0 : -1}
                    onFocus={() => setFocusDay(day.date)}
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
        {frozen.size > 0 ? (
          <>
            <span className="activity-calendar__swatch activity-calendar__day--frozen" />
            <span>Frozen</span>
          </>
        ) : null}
      </div>
      {detail ? (
        <section className="activity-calendar__detail" aria-live="polite" aria-label="Day details">
          <h3>{detail.date}</h3>
          <p>{detail.lessons}</p>
          <p>{detail.minutes}</p>
          {open && frozen.has(open.date) ? <p>{FROZEN_DAY_DETAIL}</p> : null}
        </section>
      ) : null}
    </div>
  );
};
