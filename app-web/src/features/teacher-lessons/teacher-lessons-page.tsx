import { useCallback, useEffect, useState } from 'react';
import { Button, ButtonLink } from '../../components/button/button';
import { FormMessage } from '../../components/form/form-message';
import { ApiError } from '../../lib/api-client';
import {
  bookTeacherLesson,
  cancelTeacherLesson,
  fetchTeacherLessons,
  type TeacherLessonsUpsell,
  type TeacherLessonsView,
} from './teacher-lessons-api';
import './teacher-lessons.css';

/** Free slots shown per teacher: the next few weeks are plenty to choose from. */
const SLOTS_SHOWN = 12;

const formatStart = (startsAt: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
  }).format(new Date(startsAt));

type Loaded =
  { kind: 'lessons'; view: TeacherLessonsView } | { kind: 'upsell'; upsell: TeacherLessonsUpsell };

/**
 * /teacher-lessons: an exclusive customer books a 45-minute online lesson with a teacher
 * from the free slots, shown in their own zone; one per calendar quarter, cancellable up to 24 hours
 * before. Other tiers see what the exclusive tier adds and a link to upgrade.
 */
export const TeacherLessonsPage = () => {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const load = useCallback(async () => {
    try {
      setLoaded({ kind: 'lessons', view: await fetchTeacherLessons() });
    } catch (error) {
      if (error instanceof ApiError && error.status === 403)
        setLoaded({ kind: 'upsell', upsell: error.body as TeacherLessonsUpsell });
      else setFailed(true);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const act = async (action: () => Promise<string>) => {
    setBusy(true);
    setNotice(null);
    try {
      setNotice({ tone: 'success', text: await action() });
    } catch (error) {
      setNotice({
        tone: 'error',
        text: error instanceof ApiError ? error.message : 'Something went wrong. Please try again later.',
      });
    } finally {
      await load();
      setBusy(false);
    }
  };

  if (!loaded)
    return failed ? (
      <FormMessage tone="error">Teacher lessons could not be loaded. Please try again later.</FormMessage>
    ) : (
      <p role="status">Loading teacher lessons…</p>
    );

  if (loaded.kind === 'upsell')
    return (
      <section className="card teacher-lessons__upsell" aria-labelledby="teacher-upsell-title">
        <h2 id="teacher-upsell-title">{loaded.upsell.message}</h2>
        <p>With Exclusive you get:</p>
        <ul>
          {loaded.upsell.upsell.features.map((feature) => (
            <li key={feature}>{feature}</li>
          ))}
        </ul>
        <ButtonLink to={loaded.upsell.upsell.link}>Upgrade to Exclusive</ButtonLink>
      </section>
    );

  const { view } = loaded;
  return (
    <div className="stack">
      {notice ? <FormMessage tone={notice.tone}>{notice.text}</FormMessage> : null}
      <section className="card teacher-lessons__card" aria-labelledby="my-lessons-title">
        <h2 id="my-lessons-title">Your lessons</h2>
        {view.bookings.length === 0 ? (
          <p>No lesson booked yet. You can book one lesson each calendar quarter.</p>
        ) : (
          <ul className="teacher-lessons__list">
            {view.bookings.map((booking) => (
              <li key={booking.bookingId}>
                <span>
                  <strong>{formatStart(booking.startsAt, view.timeZone)}</strong> with {booking.teacherName}{' '}
                  (45 min)
                </span>
                {booking.cancellable ? (
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={busy}
                    onClick={() =>
                      void act(async () => {
                        await cancelTeacherLesson(booking.bookingId);
                        return 'Your lesson is cancelled, and you can book another one this quarter.';
                      })
                    }
                  >
                    Cancel lesson
                  </Button>
                ) : (
                  <span className="teacher-lessons__note">
                    Less than 24 hours to go: it can no longer be cancelled.
                  </span>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
      {view.teachers.map((teacher) => (
        <section
          key={teacher.teacherId}
          className="card teacher-lessons__card"
          aria-labelledby={`teacher-${teacher.teacherId}`}
        >
          <h2 id={`teacher-${teacher.teacherId}`}>Book a lesson with {teacher.name}</h2>
          <p className="teacher-lessons__note">Times in your time zone ({view.timeZone}).</p>
          {teacher.slots.length === 0 ? (
            <p>No free times in the coming weeks.</p>
          ) : (
            <ul className="teacher-lessons__slots">
              {teacher.slots.slice(0, SLOTS_SHOWN).map((slot) => (
                <li key={slot.startsAt}>
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={busy || slot.quarterUsed}
                    aria-label={`Book ${formatStart(slot.startsAt, view.timeZone)} with ${teacher.name}${slot.quarterUsed ? ` (your ${slot.quarter} lesson is booked)` : ''}`}
                    onClick={() =>
                      void act(async () => {
                        const booked = await bookTeacherLesson(teacher.teacherId, slot.startsAt);
                        return `Booked: ${formatStart(booked.startsAt, view.timeZone)} with ${booked.teacherName}. A confirmation with a calendar file is on its way.`;
                      })
                    }
                  >
                    {formatStart(slot.startsAt, view.timeZone)}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
      {view.teachers.length === 0 ? <p>No teachers are taking bookings right now.</p> : null}
    </div>
  );
};
