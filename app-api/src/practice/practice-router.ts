import path from 'node:path';
import express, { type Request, type Router } from 'express';
import {
  fileDownloadQuerySchema,
  finishExerciseRequestSchema,
  lessonHistoryQuerySchema,
  lessonHistoryRows,
  objectOf,
  practiceActivityRequestSchema,
  scheduleRequestSchema,
  skillField,
  skillPreferencePatchSchema,
  skillSelfRatingRequestSchema,
  subscriptionOf,
  timingScoredRequestSchema,
  usageIncrementRequestSchema,
  UTC_TIME_ZONE,
  type TimeZone,
} from '@stickwork/domain';
import { progressEntries } from '@stickwork/projections';
import type { Backend } from '../backend.js';
import { authOf } from '../auth/require-auth.js';
import { createCustomerRateLimiter } from '../auth/rate-limits.js';
import { practiceWriteLimit } from './practice-write-limit.js';
import { pinnedTimeZoneOf, requireAuthAndTimeZone } from '../accounts/customer-time-zone.js';
import { HttpError } from '../http/http-error.js';
import { domainErrorsAsHttp } from '../http/domain-errors-as-http.js';
import { timeZoneHeaderOf } from '../http/time-zone-header.js';
import { createSheetMusicCache } from '../adapters/sheet-music/sheet-music-cache.js';
import {
  createSheetMusicPool,
  sheetMusicThreadsPerProcess,
} from '../adapters/sheet-music/sheet-music-pool.js';
import { attachmentDisposition, lessonFileName } from './content-disposition.js';
import { lessonCatalogue } from './lesson-catalogue.js';
import { createPracticeService, type Practitioner } from './practice-service.js';
import { focusView, lessonProgressView } from './practice-views.js';
import { validOr400 } from '../http/valid-or-400.js';
import { readModelsStale } from '../request-context.js';

/** How long after start-up the catalogue index is built if no request has needed it yet. */
const CATALOGUE_WARM_UP_MS = 1500;

/** Rendered sheets kept in memory (a few tens of kB each): a session's lessons and then some. */
const SHEET_MUSIC_CACHE_ENTRIES = 256;
/**
 * Sheet downloads per customer and minute: a session has at most about twenty lessons, so a
 * drummer saving all of them at once stays well inside; a script pulling the catalogue does not.
 */
export const SHEET_DOWNLOADS_PER_MINUTE = 30;
export const SHEET_DOWNLOAD_LIMIT_MESSAGE =
  'Too many sheet music downloads. Please wait a minute and try again.';

/** POST /api/focus/level-up. */
export const levelUpRequestSchema = objectOf({ skillName: skillField() });

/** The customer's pinned zone (not the request's header: it cannot move the daily limit). */
const timeZoneOf = (req: Request): TimeZone => pinnedTimeZoneOf(req.res!);
/**
 * Views of the past (history, the report) show days as the browser asking lives them: the request's
 * `time-zone` header as the edge parsed it, UTC without a valid one.
 */
const displayTimeZoneOf = (req: Request): TimeZone => timeZoneHeaderOf(req.res!) ?? UTC_TIME_ZONE;

/**
 * The schedule service of product-spec §7 (first table), mounted under /api. Every route needs
 * the login token in `x-auth-token` (401 `{ message: 'User not authorized' }` otherwise); errors
 * are `{ message }`, bad input a 400 `{ message, errors: { field: [messages] } }`.
 *
 * | route | request | success |
 * |---|---|---|
 * | POST /lesson/schedule | `{ skillPreference: [{focus, level}], practiceTime, padSufficient }`, `time-zone` header | 200 practice schedule `{ lessons, currentLessonIndex, targetPracticeTime, practiceTimeBeforeCurrentExercise, evaluation: { rating_difficulty } }` |
 * | GET /focus | | 200 `{ skillPreference: [{focus, level}], skillSelfRating: [{skillName, selected, level}], selfRated }` |
 * | POST /focus | `{ skillSelfRating: [{skillName, selected, level}] }` | 200 as GET /focus |
 * | PATCH /focus | `{ skillName, selected, level }` (a new level restarts its progress at 0) | 200 as GET /focus |
 * | POST /focus/level-up | `{ skillName }`: one level up, only when offered (progress 80+, below absolute_pro, not the beginner course) | 200 `{ skillName, skillLevel, levelProgress }`; 409 when not offered |
 * | POST /lesson/finishExercise | `{ lessonId, type, ratingDifficulty, skipLesson }` (skip records too_easy) | 200 `{ lessonId, ratingDifficulty, skipped, countedTowardProgress, earned, practisedSeconds, masteryShown, progress: {skillName, skillLevel, levelProgress} \| null, levelUpOffered }`: credited by the server's practice clock (`earned` false: evaluated before real practice, nothing moved); 404 unknown lesson |
 * | GET /usage | `time-zone` header | 200 `{ lesson: { data_used }, lessonsLeftToday }` (null: unlimited) |
 * | POST /usage | `{ usageType: 'lesson' }`, `time-zone` header | 201 as GET /usage (with `readModels: 'stale'` and the `x-stickwork-read-models: stale` header when the counts may not show this lesson yet); 429 `{ message: 'Free lesson limit reached' }`, nothing counted |
 * | GET /practiceActivity | | 200 `[{ date, count, practiceDurationMinutes }]`, oldest day first |
 * | POST /practiceActivity | `{ countLessonsPracticed, practiceDurationMinutes }` (whole minutes, 1+: upper bounds; the server records no more minutes than its practice clock counted and no more lessons than earned their practice since the last activity), `time-zone` header | 201 that day's totals `{ date, count, practiceDurationMinutes }` |
 * | POST /lesson/timing | a take the timing coach scored `{ lessonId, input: 'midi' \| 'microphone', bpm, expected, hits, missed, extra, meanOffsetMs, spreadMs, accuracy, calibrated? }` (a full take: expected 16 or more; `calibrated: false` keeps it out of the tempo plan and the weak spots; hits + missed = expected), `time-zone` header | 201 the recorded take, with the lesson's `focus`, `scoredAt` and the customer's `day`; 400 naming each field (a short take: `expected must be at least 16: …`); 404 unknown lesson |
 * | GET /lesson-history?skill= | optional skill (or warm_up), `time-zone` header | 200 `[{ lessonId, name, focus, day, playedAt, rating \| null, skipped, takes, best: { input, bpm, accuracy, meanOffsetMs, spreadMs } \| null }]`, newest first |
 * | GET /progress | | 200 `[{ skillName, skillLevel, levelProgress }]`, one per skill |
 * | GET /lesson/progress | `time-zone` header | 200 the practice report: see `lessonProgressView` |
 * | GET /file/download?lessonId= | | 200 the sheet music PDF as an attachment named after the lesson, at the drummer's planned start tempo with the passes the card counts; 404 unknown lesson; 429 past 30 a minute per customer |
 * | GET /timing/weak-spots | | 200 `[{ voice, position, meanOffsetMs, spreadMs, strokes, takes, trend }]`: over the takes of the latest 4 weeks (the customer's days), the voice-position pairs with 30+ strokes whose mean offset is 10 ms or more or whose spread is 20 ms or more, worst first; `trend` 'better' \| 'worse' \| 'steady' \| 'new' (the latest 2 weeks against the 2 before). Under a steady lag (below) only a spread makes a weak spot, marked `underSteadyLag: true` |
 * | GET /timing/steady-lag | | 200 `{ steadyLag: { meanOffsetMs, spreadMs, strokes, takes, trend } \| null }`: the offset every position shares over the same takes (30+ strokes, 10 ms or more on the whole, two or more positions of 10+ strokes each within 10 ms of it), said once instead of a weak spot per position |
 * | GET /lesson/tempo-plan?lessonId= | | 200 `{ lessonId, startBpm, targetBpm, basis }`: the start tempo the schedule gives the lesson now (the schedule's `start_bpm`), the speed trainer's target, and why (`{ kind: 'takes', bpm, accuracy, takes, ratedTooHard }`, `{ kind: 'rating', rating: 'too_hard' }` or `{ kind: 'catalogue' }`); 404 unknown lesson |
 * | GET /lesson/notation?lessonId= | | 200 `{ lessonId, notation }`: the notation the PDF is drawn from, for the lesson card to engrave and play; 404 unknown lesson |
 *
 * Schedule refusals: 400 with the §5/§8 messages ('Practice time must be between 10 and 360
 * minutes', 'Please select at least one skill'), 400 for more than 2 skills or Drum Pad mode on
 * the freemium and basic plans, 429 'Free lesson limit reached' when a freemium customer has no
 * lesson left today, 422 when no lesson fits ('Could not receive practice session').
 */
export const practiceRouter = (backend: Backend): Router => {
  // The catalogue index is built on first use, not at start-up (about 0.8 s of CPU), and warmed
  // a moment after the server has started answering.
  const practice = createPracticeService(backend, lessonCatalogue);
  setTimeout(lessonCatalogue, CATALOGUE_WARM_UP_MS).unref();
  const authenticated = requireAuthAndTimeZone(backend);
  // Rendered in worker threads, kept on disk under DATA_DIR and in memory.
  const sheetMusic = createSheetMusicCache({
    maxEntries: SHEET_MUSIC_CACHE_ENTRIES,
    // Every worker process has a pool of its own (WEB_CONCURRENCY; a hand-made test config may lack it).
    render: createSheetMusicPool({
      threads: sheetMusicThreadsPerProcess(backend.config.webConcurrency ?? 1),
    }).render,
    directory: path.join(backend.config.dataDir, 'sheet-music'),
  });
  // Counted in the store's rate_limits table, like every limit: shared by processes, kept on restart.
  const sheetDownloadLimit = createCustomerRateLimiter({
    name: 'sheet',
    windowMs: 60_000,
    limit: SHEET_DOWNLOADS_PER_MINUTE,
    counters: backend.rateLimits,
    message: SHEET_DOWNLOAD_LIMIT_MESSAGE,
  });
  const writes = [authenticated, practiceWriteLimit(backend)];
  const router = express.Router();

  const practitioner = (res: Parameters<typeof authOf>[0]): Practitioner => {
    const { customerId, customer } = authOf(res);
    return { customerId, plan: subscriptionOf(customer), timeZoneChangedAt: customer.timeZoneChangedAt };
  };

  /** The catalogue lesson named by `?lessonId=`: 400 for a malformed id, 404 for an unknown one. */
  const queriedLesson = (req: Request) => {
    const { lessonId } = validOr400(fileDownloadQuerySchema, req.query);
    const lesson = practice.lesson(lessonId);
    if (!lesson) throw new HttpError(404, `There is no lesson with id ${lessonId}.`);
    return lesson;
  };

  router.post('/lesson/schedule', ...writes, async (req, res) => {
    const request = validOr400(scheduleRequestSchema, req.body);
    res.json(await practice.schedule(practitioner(res), request, timeZoneOf(req)));
  });

  router.get('/focus', authenticated, (_req, res) => {
    res.json(focusView(practice.progress(authOf(res).customerId)));
  });

  router.post('/focus', ...writes, async (req, res) => {
    const request = validOr400(skillSelfRatingRequestSchema, req.body);
    const who = practitioner(res);
    await practice.rateSkills(who, request);
    res.json(focusView(practice.progress(who.customerId)));
  });

  router.patch('/focus', ...writes, async (req, res) => {
    const patch = validOr400(skillPreferencePatchSchema, req.body);
    const who = practitioner(res);
    await practice.changeSkillPreference(who, patch);
    res.json(focusView(practice.progress(who.customerId)));
  });

  router.post('/focus/level-up', ...writes, async (req, res) => {
    const { skillName } = validOr400(levelUpRequestSchema, req.body);
    res.json(await practice.levelUp(practitioner(res), skillName));
  });

  router.post('/lesson/finishExercise', ...writes, async (req, res) => {
    const request = validOr400(finishExerciseRequestSchema, req.body);
    res.json(await practice.finishExercise(practitioner(res), request));
  });

  router.get('/usage', authenticated, async (req, res) => {
    res.json(await practice.usage(practitioner(res), timeZoneOf(req)));
  });

  router.post('/usage', ...writes, async (req, res) => {
    validOr400(usageIncrementRequestSchema, req.body);
    const usage = await practice.countLesson(practitioner(res), timeZoneOf(req));
    res.status(201).json(readModelsStale() ? { ...usage, readModels: 'stale' } : usage);
  });

  router.get('/practiceActivity', authenticated, (_req, res) => {
    res.json(practice.activity(authOf(res).customerId));
  });

  router.post('/practiceActivity', ...writes, async (req, res) => {
    const request = validOr400(practiceActivityRequestSchema, req.body);
    res.status(201).json(await practice.recordActivity(practitioner(res), request, timeZoneOf(req)));
  });

  router.post('/lesson/timing', ...writes, async (req, res) => {
    const take = validOr400(timingScoredRequestSchema, req.body);
    res.status(201).json(await practice.scoreTiming(practitioner(res), take, timeZoneOf(req)));
  });

  router.get('/lesson-history', authenticated, (req, res) => {
    const { skill } = validOr400(lessonHistoryQuerySchema, req.query);
    const entries = practice.lessonHistory(authOf(res).customerId, skill);
    const timeZone = displayTimeZoneOf(req);
    res.json(lessonHistoryRows(entries, (lessonId) => practice.lesson(lessonId)?.name, timeZone));
  });

  router.get('/progress', authenticated, (_req, res) => {
    res.json(progressEntries(practice.progress(authOf(res).customerId)));
  });

  router.get('/lesson/progress', authenticated, (req, res) => {
    const { customerId } = authOf(res);
    const timeZone = displayTimeZoneOf(req);
    res.json(
      lessonProgressView(
        practice.progress(customerId),
        practice.streaks(customerId),
        practice.activity(customerId),
        practice.now(),
        timeZone,
        practice.today(timeZone),
      ),
    );
  });

  router.get('/timing/weak-spots', authenticated, (req, res) => {
    res.json(practice.weakSpots(authOf(res).customerId, timeZoneOf(req)));
  });

  router.get('/timing/steady-lag', authenticated, (req, res) => {
    res.json({ steadyLag: practice.steadyLag(authOf(res).customerId, timeZoneOf(req)) });
  });

  router.get('/lesson/tempo-plan', authenticated, async (req, res) => {
    res.json(await practice.tempoPlan(authOf(res).customerId, queriedLesson(req)));
  });

  // The catalogue is the same for every customer, but the route is behind the login: a browser may keep
  // the answer for the day, a shared cache may not.
  router.get('/lesson/notation', authenticated, (req, res) => {
    const lesson = queriedLesson(req);
    res
      .setHeader('cache-control', 'private, max-age=86400')
      .json({ lessonId: lesson.lesson_id, notation: lesson.notation });
  });

  router.get('/file/download', authenticated, sheetDownloadLimit, async (req, res) => {
    const lesson = queriedLesson(req);
    // At the drummer's planned start tempo, as the card shows the lesson: the same tempo and passes.
    const { startBpm } = await practice.tempoPlan(authOf(res).customerId, lesson);
    const pdf = await sheetMusic.pdfFor({ ...lesson, start_bpm: startBpm });
    res
      .status(200)
      .type('application/pdf')
      .setHeader('content-disposition', attachmentDisposition(lessonFileName(lesson.name, 'pdf')))
      .setHeader('cache-control', 'private, max-age=86400')
      .send(pdf);
  });

  router.use(domainErrorsAsHttp);
  return router;
};
