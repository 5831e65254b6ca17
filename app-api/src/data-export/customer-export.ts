import { strToU8, zipSync } from 'fflate';
import {
  customerStreamId,
  findExercise,
  foldEvents,
  plannedTempos,
  practiceDecider,
  practiceEventSchemaVersions,
  lessonCreditsStreamId,
  practiceStreamId,
  remindersStreamId,
  SKILL_DISPLAY_NAMES,
  tempoPlanSentence,
  readableDomainEvents,
  withoutSecretFields,
  tallyKeyParts,
  meanAndSpreadOf,
  weakSpots,
  type EventStore,
  type PracticeEvent,
  type RecordedEvent,
  type TempoPlan,
} from '@stickwork/domain';
import {
  lessonHistoryEntries,
  lessonHistoryModelsOf,
  practiceActivityEntries,
  practiceHeatmapProjection,
  practiceProgressProjection,
  progressEntries,
  timingPositionsProjection,
  weeklyGoalProjection,
  type PracticeHeatmapModel,
  type PracticeProgressModel,
  type ReadModelStore,
  type TimingPositionsModel,
  type WeeklyGoalModel,
} from '@stickwork/projections';
import type { ReservationStreams } from '../accounts/reservation-streams.js';
import { toCsv } from './csv.js';

export interface ExportSources {
  store: EventStore;
  reservations: ReservationStreams;
  readModels: ReadModelStore;
  clock: () => Date;
}

/** One exported event: where it stands in its stream and the log, what and when, its data. */
export interface ExportedEvent {
  revision: number;
  position: number;
  type: string;
  time: string;
  schemaVersion: number;
  data: unknown;
}

/**
 * The streams that hold the customer's data: their account (`customer-`), their practice
 * (`practice-`), their payments ledger (`payments-`), their practice reminders (`reminders-`), their teacher-lesson credits (`lesson-credits-`), and, found through the email they registered
 * with (it never changes), its reservation (`email-`) and a newsletter consent (`newsletter-`).
 */
const customerStreamIds = async (
  { store, reservations }: Pick<ExportSources, 'store' | 'reservations'>,
  customerId: string,
): Promise<string[]> => {
  const [registered] = await store.readStream(customerStreamId(customerId), { maxCount: 1 });
  const email = (registered?.data as { email?: unknown } | undefined)?.email;
  return [
    customerStreamId(customerId),
    practiceStreamId(customerId),
    `payments-${customerId}`,
    remindersStreamId(customerId),
    lessonCreditsStreamId(customerId),
    ...(typeof email === 'string' ? [reservations.email(email), reservations.newsletter(email)] : []),
  ];
};

const exported = (event: RecordedEvent): ExportedEvent => ({
  revision: event.revision,
  position: event.position,
  type: event.type,
  time: event.metadata.time,
  schemaVersion: event.metadata.schemaVersion,
  data: withoutSecretFields(event.data),
});

const README = (customerId: string, exportedAt: string, streams: string[]) => `Your data at Stickwork
======================

Customer: ${customerId}
Exported: ${exportedAt} (UTC)

This archive holds everything Stickwork keeps about you (GDPR Art. 15 and 20). Stickwork stores what
happens as events; the numbers you see on the site are computed from them.

events/
  One JSON file per event stream, named after the stream, each an array of events oldest first:
  revision (its place in the stream), position (its place in the whole store), type, time (when it was
  recorded, UTC), schemaVersion and data.
${streams.map((stream) => `  - ${stream}.json: ${describeStream(stream)}`).join('\n')}
  Your password is stored only as a one-way hash, and it is not included; nor is the id of a
  password-recovery link.

read-models/
  The tables the site shows, as CSV (comma-separated, first row the column names, UTF-8):
  - progress.csv: per skill your level, the progress toward the next level (percent) and whether the
    skill is in your practice sessions.
  - lesson-history.csv: the lessons you played, newest first: when, the lesson, its skill, your rating,
    the number of timing takes and the best take (input, tempo, accuracy, mean offset, spread).
  - activity.csv: per practice day (your day, in your time zone) the lessons and minutes practised.
  - weekly-goals.csv: the weekly goals you set (practice days per week) and the day you set each.
  - timing-positions.csv: per practice day, drum and position in the beat (1 e & a, 1 trip let), the
    strokes the timing coach judged there, their mean offset and spread (ms) and the takes; a row with
    a beat is that position on one beat of the bar only (the 'a' of 4), one without is every beat.
  - weak-spots.csv: the weak spots of the 4 weeks up to the export, worst first, with their trend (a
    beat where one beat of the bar alone stands out).
  - tempo-plans.csv: each lesson whose start tempo your timing takes (or a rating of too hard) moved
    from the catalogue's: the tempo it starts at as of the export, the speed trainer's target and why.

You can delete your account and all of this data at any time in Account Settings.
`;

const describeStream = (stream: string): string => {
  if (stream.startsWith('customer-')) return 'your account: registration, verification, plan, time zone';
  if (stream.startsWith('practice-'))
    return 'your practice: skill ratings, levels, sessions, evaluations, usage, activity, timing, goals';
  if (stream.startsWith('payments-')) return 'your payments: the payment provider events applied to you';
  if (stream.startsWith('reminders-')) return 'your practice reminders: the settings and each reminder sent';
  if (stream.startsWith('lesson-credits-')) return 'your teacher lessons: the booking of each quarter';
  if (stream.startsWith('email-')) return 'the reservation of your email address for your account';
  if (stream.startsWith('newsletter-')) return 'your newsletter consent';
  return 'events about you';
};

const readModelFiles = (
  readModels: ReadModelStore,
  customerId: string,
  today: string,
  tempoPlans: readonly TempoPlan[],
): Record<string, string> => {
  const positions = readModels.get<TimingPositionsModel>(timingPositionsProjection.name, customerId);
  const progress = readModels.get<PracticeProgressModel>(practiceProgressProjection.name, customerId);
  const history = lessonHistoryModelsOf(readModels, customerId);
  const heatmap = readModels.get<PracticeHeatmapModel>(practiceHeatmapProjection.name, customerId);
  const goals = readModels.get<WeeklyGoalModel>(weeklyGoalProjection.name, customerId);
  return {
    'read-models/progress.csv': toCsv(
      ['skill', 'level', 'progress_percent', 'in_sessions'],
      progress
        ? progressEntries(progress).map((entry) => [
            SKILL_DISPLAY_NAMES[entry.skillName],
            entry.skillLevel,
            entry.levelProgress,
            progress.selected[entry.skillName] ? 'yes' : 'no',
          ])
        : [],
    ),
    'read-models/lesson-history.csv': toCsv(
      [
        'played_at',
        'lesson_id',
        'lesson',
        'skill',
        'rating',
        'mastered',
        'takes',
        'best_input',
        'best_bpm',
        'best_accuracy',
        'best_mean_offset_ms',
        'best_spread_ms',
      ],
      lessonHistoryEntries(history).map((entry) => [
        entry.playedAt,
        entry.lessonId,
        findExercise(entry.lessonId)?.name ?? '',
        entry.focus,
        entry.rating ?? '',
        entry.skipped ? 'yes' : 'no',
        entry.takes,
        entry.best?.input ?? '',
        entry.best?.bpm ?? '',
        entry.best?.accuracy ?? '',
        entry.best?.meanOffsetMs ?? '',
        entry.best?.spreadMs ?? '',
      ]),
    ),
    'read-models/activity.csv': toCsv(
      ['date', 'lessons', 'minutes'],
      (heatmap ? practiceActivityEntries(heatmap) : []).map((entry) => [
        entry.date,
        entry.count,
        entry.practiceDurationMinutes,
      ]),
    ),
    'read-models/weekly-goals.csv': toCsv(
      ['set_on', 'days_per_week'],
      (goals?.settings ?? []).map((setting) => [setting.day, setting.daysPerWeek]),
    ),
    'read-models/timing-positions.csv': toCsv(
      ['day', 'voice', 'position', 'beat', 'strokes', 'mean_offset_ms', 'spread_ms', 'takes'],
      Object.entries(positions?.days ?? {})
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .flatMap(([day, tallies]) =>
          Object.entries(tallies).map(([key, tally]) => {
            const { voice, position, beat } = tallyKeyParts(key);
            const { meanOffsetMs, spreadMs } = meanAndSpreadOf(tally, 1);
            return [day, voice, position, beat ?? '', tally.strokes, meanOffsetMs, spreadMs, tally.takes];
          }),
        ),
    ),
    'read-models/weak-spots.csv': toCsv(
      ['voice', 'position', 'beat', 'mean_offset_ms', 'spread_ms', 'strokes', 'takes', 'trend'],
      weakSpots(positions?.days ?? {}, today).map((spot) => [
        spot.voice,
        spot.position,
        spot.beat ?? '',
        spot.meanOffsetMs,
        spot.spreadMs,
        spot.strokes,
        spot.takes,
        spot.trend,
      ]),
    ),
    'read-models/tempo-plans.csv': toCsv(
      ['lesson_id', 'lesson', 'start_bpm', 'target_bpm', 'why'],
      tempoPlans.map((plan) => [
        plan.lessonId,
        findExercise(plan.lessonId)?.name ?? '',
        plan.startBpm,
        plan.targetBpm,
        tempoPlanSentence(plan) ?? '',
      ]),
    ),
  };
};

/** The tempo plans as of `now` from the practice stream's events (a fold of its decision state; an unreadable event left out, as the deciders do). */
const tempoPlansOf = (practiceEvents: readonly RecordedEvent[], now: Date): TempoPlan[] =>
  plannedTempos(
    foldEvents(
      practiceDecider,
      readableDomainEvents<PracticeEvent>(practiceEvents, practiceEventSchemaVersions),
    ),
    now,
    findExercise,
  );

/**
 * "Download my data": the customer's events, one JSON file per stream (personal data
 * included, the password hash and recovery-link ids left out), their read models as CSV and a
 * README.txt, as the files of a zip. Used by GET /api/export and `stickwork customer export`.
 */
export const customerExportFiles = async (
  sources: ExportSources,
  customerId: string,
): Promise<Record<string, string>> => {
  const now = sources.clock();
  const exportedAt = now.toISOString();
  const files: Record<string, string> = {};
  const streams: string[] = [];
  let tempoPlans: TempoPlan[] = [];
  for (const stream of await customerStreamIds(sources, customerId)) {
    const events = await sources.store.readStream(stream);
    if (stream === practiceStreamId(customerId)) tempoPlans = tempoPlansOf(events, now);
    if (events.length === 0) continue;
    streams.push(stream);
    files[`events/${stream}.json`] = `${JSON.stringify(events.map(exported), null, 2)}\n`;
  }
  return {
    'README.txt': README(customerId, exportedAt, streams),
    ...files,
    ...readModelFiles(sources.readModels, customerId, exportedAt.slice(0, 10), tempoPlans),
  };
};

/** The export as zip bytes (deflated), every file under one folder named for the day. */
export const customerExportZip = async (sources: ExportSources, customerId: string): Promise<Uint8Array> => {
  const files = await customerExportFiles(sources, customerId);
  const folder = exportFolderName(sources.clock());
  return zipSync(
    Object.fromEntries(Object.entries(files).map(([name, text]) => [`${folder}/${name}`, strToU8(text)])),
    { level: 6, mtime: sources.clock() },
  );
};

/** `stickwork-data-2026-11-23`: the zip's folder and, with `.zip`, its file name. */
export const exportFolderName = (now: Date): string => `stickwork-data-${now.toISOString().slice(0, 10)}`;
