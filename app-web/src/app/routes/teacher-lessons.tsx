import { PageFrame } from '../../components/layout/page-frame';
import { TeacherLessonsPage } from '../../features/teacher-lessons/teacher-lessons-page';
import { usePageMeta } from '../../lib/use-page-meta';

export const TeacherLessonsRoute = () => {
  usePageMeta('Teacher Lessons', '/teacher-lessons');
  return (
    <PageFrame
      eyebrow="Exclusive"
      title="Teacher Lessons"
      lead="A 45-minute online lesson with a teacher, once every calendar quarter."
    >
      <TeacherLessonsPage />
    </PageFrame>
  );
};
