import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { FormMessage } from '../../components/form/form-message';
import { PageFrame } from '../../components/layout/page-frame';
import { selectFirstName, selectTokenPayload } from '../../lib/session/session-slice';
import { CustomizePracticeCard } from './customize-practice-card';
import { LessonCard } from './lesson-card';
import { PracticeCarousel } from './practice-carousel';
import { sessionLimitsOfToken, subscriptionViewOfToken } from './practice-plan';
import { PracticeReportModal } from './practice-report-modal';
import {
  overviewOpened,
  practiceReportClosed,
  practiceResumed,
  practiceSessionRequested,
  selectLessonProgress,
  selectProgressStatus,
  selectPracticeReport,
  selectPracticeSession,
  selectRequestError,
  selectRequestStatus,
  selectResumableSchedule,
  selectSkillPreference,
  selectUpsellOpen,
  upsellClosed,
} from './practice-slice';
import { RecommendedLessonsCard } from './recommended-lessons-card';
import { ResumePracticeCard } from './resume-practice-card';
import { StatsOverview } from './stats-overview';
import { UpsellBanner } from './upsell-banner';
import { UpsellModal } from './upsell-modal';
import './practice.css';

/** product-spec §9: two cards side by side, one below 650 px. */
const LAUNCH_CAROUSEL = { slidesPerView: 2, singleBelow: 650 };

/**
 * /launch-overview (product-spec §2): the overview until a schedule arrives, then the lesson card;
 * the report opens when a session ends.
 */
export const LaunchOverviewPage = () => {
  const dispatch = useDispatch();
  const firstName = useSelector(selectFirstName);
  const tokenPayload = useSelector(selectTokenPayload);
  const view = subscriptionViewOfToken(tokenPayload);
  const session = useSelector(selectPracticeSession);
  const resumable = useSelector(selectResumableSchedule);
  const skillPreference = useSelector(selectSkillPreference);
  const progress = useSelector(selectLessonProgress);
  const progressStatus = useSelector(selectProgressStatus);
  const requesting = useSelector(selectRequestStatus) === 'requesting';
  const requestError = useSelector(selectRequestError);
  const upsellOpen = useSelector(selectUpsellOpen);
  const report = useSelector(selectPracticeReport);

  useEffect(() => {
    dispatch(overviewOpened());
  }, [dispatch]);

  const slides = [
    ...(resumable
      ? [
          {
            key: 'resume',
            content: <ResumePracticeCard schedule={resumable} onResume={() => dispatch(practiceResumed())} />,
          },
        ]
      : []),
    {
      key: 'customize',
      content: (
        <CustomizePracticeCard
          skillPreference={skillPreference}
          limits={sessionLimitsOfToken(tokenPayload)}
          requesting={requesting}
          onRequest={(body) => dispatch(practiceSessionRequested(body))}
        />
      ),
    },
    { key: 'recommended', content: <RecommendedLessonsCard /> },
  ];

  return (
    <PageFrame
      eyebrow="Practice"
      title={firstName ? `Hi ${firstName}!` : 'Hi there!'}
      lead={
        session ? undefined : "Pick your skills and your time, and Stickwork puts together today's session."
      }
    >
      {session ? (
        <LessonCard session={session} firstName={firstName} />
      ) : (
        <div className="launch-overview">
          {view.showUpsellBanner ? <UpsellBanner /> : null}
          <StatsOverview progress={progress} />
          <h2>Jump right into your practice session</h2>
          {requestError ? <FormMessage tone="error">{requestError}</FormMessage> : null}
          <PracticeCarousel label="Start practising" slides={slides} {...LAUNCH_CAROUSEL} />
        </div>
      )}
      <UpsellModal open={upsellOpen && view.upsellModalAllowed} onClose={() => dispatch(upsellClosed())} />
      <PracticeReportModal
        report={report}
        progress={progress}
        progressStatus={progressStatus}
        onClose={() => dispatch(practiceReportClosed())}
      />
    </PageFrame>
  );
};
