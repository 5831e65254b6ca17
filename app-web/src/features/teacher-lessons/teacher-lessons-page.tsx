import { useCallback, useEffect, useState } from 'react';
import { Button, ButtonLink } from '../../components/button/button';
import { FormMessage } from '../../components/form/form-message';
import { Modal } from '../../components/modal/modal';
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

/** A lesson's start in the customer's zone, as `options` write it. */
const formatter =
  (options: Intl.DateTimeFormatOptions) =>
  (startsAt: string, timeZone: string): string =>
    new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', ...options, timeZone }).format(
      new Date(startsAt),
    );

/** On a slot and a booking: "Tue 1 Dec, 18:00". */
const formatStart = formatter({ weekday: 'short', day: 'numeric', month: 'short' });
/** In the confirmation: "Tuesday, 1 December 2026 at 18:00". */
const formatLong = formatter({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });

const NIGHT_MARK = 'Night in your time zone';

type View = TeacherLessonsView;
type Teacher = View['teachers'][number];
type Slot = Teacher['slots'][number];
type Booking = View['bookings'][number];

/** What the drummer is asked to confirm: nothing is booked or cancelled on a single tap. */
type Pending = { kind: 'book'; teacher: Teacher; slot: Slot } | { kind: 'cancel'; booking: Booking };

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
  const [pending, setPending] = useState<Pending | null>(null);

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
                    onClick={() => setPending({ kind: 'cancel', booking })}
                  >
                    Cancel lesson
                  </Button>
                ) : (
                  <span className="teacher-lessons__note">
                    Less than 24 hours to go: it can no longer be cancelled.
                  </span>
                )}
                <span className="teacher-lessons__where">
                  {booking.meetingLink !== null ? (
                    <>
                      Join the lesson here:{' '}
                      <a href={booking.meetingLink} target="_blank" rel="noopener noreferrer">
                        {booking.meetingLink}
                      </a>
                    </>
                  ) : (
                    "Where the lesson happens is not set yet: your teacher's meeting link will show here as soon as it is set."
                  )}
                </span>
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
                    aria-label={`Book ${formatStart(slot.startsAt, view.timeZone)} with ${teacher.name}${slot.night ? ` (${NIGHT_MARK.toLowerCase()})` : ''}${slot.quarterUsed ? ` (your ${slot.quarter} lesson is booked)` : ''}`}
                    onClick={() => setPending({ kind: 'book', teacher, slot })}
                  >
                    {formatStart(slot.startsAt, view.timeZone)}
                  </Button>
                  {slot.night ? <span className="teacher-lessons__night">{NIGHT_MARK}</span> : null}
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
      {view.teachers.length === 0 ? <p>No teachers are taking bookings right now.</p> : null}
      <ConfirmDialog
        pending={pending}
        timeZone={view.timeZone}
        onClose={() => setPending(null)}
        onConfirm={(confirmed) => {
          setPending(null);
          void act(async () => {
            if (confirmed.kind === 'cancel') {
              await cancelTeacherLesson(confirmed.booking.bookingId);
              return 'Your lesson is cancelled, and you can book another one this quarter.';
            }
            const booked = await bookTeacherLesson(confirmed.teacher.teacherId, confirmed.slot.startsAt);
            return `Booked: ${formatStart(booked.startsAt, view.timeZone)} with ${booked.teacherName}. A confirmation with a calendar file is on its way.`;
          });
        }}
      />
    </div>
  );
};

/**
 * Asks before a booking or a cancellation: what (a 45-minute online lesson), when (in the drummer's
 * zone, a night marked), with whom, and what follows; Back/Keep lesson leaves everything as it was.
 */
const ConfirmDialog = ({
  pending,
  timeZone,
  onClose,
  onConfirm,
}: {
  pending: Pending | null;
  timeZone: string;
  onClose: () => void;
  onConfirm: (pending: Pending) => void;
}) => {
  if (!pending) return null;
  const booking = pending.kind === 'book';
  const startsAt = booking ? pending.slot.startsAt : pending.booking.startsAt;
  const teacherName = booking ? pending.teacher.name : pending.booking.teacherName;
  const when = (
    <>
      <strong>{formatLong(startsAt, timeZone)}</strong> in your time zone ({timeZone})
    </>
  );
  return (
    <Modal
      open
      title={booking ? 'Book this lesson?' : 'Cancel this lesson?'}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {booking ? 'Back' : 'Keep lesson'}
          </Button>
          <Button onClick={() => onConfirm(pending)}>{booking ? 'Book lesson' : 'Cancel lesson'}</Button>
        </>
      }
    >
      {booking ? (
        <div className="teacher-lessons__confirm">
          <p>
            A 45-minute online lesson with <strong>{teacherName}</strong> on {when}.
          </p>
          {pending.slot.night ? (
            <p className="teacher-lessons__night">
              {NIGHT_MARK}: this lesson is outside 07:00-22:00 where you are.
            </p>
          ) : null}
          <p>
            It uses your lesson of {pending.slot.quarter.replace('-', ' ')}. You can cancel it up to 24 hours
            before it starts.
          </p>
        </div>
      ) : (
        <div className="teacher-lessons__confirm">
          <p>
            Your 45-minute online lesson with <strong>{teacherName}</strong> on {when} will be cancelled.
          </p>
          <p>{teacherName} is told by mail, and you can book another lesson this quarter.</p>
        </div>
      )}
    </Modal>
  );
};
