import type { LessonProgressResponse } from './practice-api';

/** Hours, lessons and streak at a glance (GET /api/lesson/progress); dashes until loaded. */
export const StatsOverview = ({ progress }: { progress: LessonProgressResponse | null }) => {
  const stats = progress?.stats;
  const items = [
    { label: 'Hours practised', value: stats?.hours },
    { label: 'Lessons', value: stats?.lessons },
    { label: 'Day streak', value: stats?.currentStreak },
  ];
  return (
    <section className="practice-stats" aria-label="Your practice so far">
      <dl className="practice-stats__list">
        {items.map((item) => (
          <div key={item.label} className="practice-stats__item">
            <dt>{item.label}</dt>
            <dd>{item.value ?? '–'}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
};
