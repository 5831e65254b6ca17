import { useEffect, useId, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import {
  COURSE_DESCRIPTIONS,
  isSkillUpdateEnabled,
  levelAt,
  levelDescription,
  levelIndex,
  maxLevelIndexFor,
  SKILL_DISPLAY_NAMES,
  SKILLS,
  type Skill,
} from '@stickwork/domain';
import { Button } from '../../components/button/button';
import { FormMessage } from '../../components/form/form-message';
import { levelNameAt } from '../../lib/level-names';
import { Tabs } from '../account/tabs';
import { LevelNotice, ReadyMark } from './level-notice';
import { LevelUpGauge } from './level-up-gauge';
import type { LessonProgress, SkillGauge, SkillSelfRating } from './progress-api';
import { selectProgress, skillsPageOpened, skillUpdateRequested } from './progress-slice';
import './progress.css';

/** The slider's line under the gauge (product-spec §2). */
export const sliderPrompt = (skill: Skill, currentIndex: number, chosenIndex: number): string =>
  chosenIndex === currentIndex
    ? 'Move slider to select new level'
    : `Update ${SKILL_DISPLAY_NAMES[skill]} to: level ${chosenIndex}`;

interface SkillPanelProps {
  rating: SkillSelfRating;
  gauge: SkillGauge | undefined;
  busy: boolean;
}

const SkillPanel = ({ rating, gauge, busy }: SkillPanelProps) => {
  const dispatch = useDispatch();
  const sliderId = useId();
  const skill = rating.skillName;
  const currentIndex = levelIndex(rating.level);
  const [chosenIndex, setChosenIndex] = useState<number>(currentIndex);
  const chosenLevel = levelAt(chosenIndex);
  // Moving the slider above 0 selects a skill (product-spec §4 "Registration": index > 0 marks it selected).
  const enabled =
    !busy &&
    isSkillUpdateEnabled({
      selected: rating.selected || chosenIndex > 0,
      currentLevel: rating.level,
      chosenLevel,
    });
  return (
    <div className="skill-panel">
      <div className="skill-panel__main">
        <h2 className="skill-panel__name">{SKILL_DISPLAY_NAMES[skill]}</h2>
        {gauge ? <LevelUpGauge gauge={gauge} /> : null}
        <div className="skill-panel__slider">
          <label htmlFor={sliderId}>Level of {SKILL_DISPLAY_NAMES[skill]}</label>
          <input
            id={sliderId}
            type="range"
            min={0}
            max={maxLevelIndexFor(skill)}
            step={1}
            value={chosenIndex}
            onChange={(event) => setChosenIndex(Number(event.target.value))}
            aria-valuetext={`Level ${chosenIndex}: ${levelNameAt(chosenIndex)}`}
          />
          <p className="skill-panel__prompt" aria-live="polite">
            {sliderPrompt(skill, currentIndex, chosenIndex)}
          </p>
        </div>
        <Button
          disabled={!enabled}
          onClick={() =>
            dispatch(
              skillUpdateRequested({ skillName: skill, selected: chosenIndex > 0, level: chosenLevel }),
            )
          }
        >
          Update
        </Button>
      </div>
      <div className="skill-panel__texts">
        <h3>
          Level {chosenIndex}: {levelNameAt(chosenIndex)}
        </h3>
        <p>
          {levelDescription(skill, chosenLevel) ?? 'Not selected: this skill stays out of your sessions.'}
        </p>
        <h3>About {SKILL_DISPLAY_NAMES[skill]}</h3>
        <p>{COURSE_DESCRIPTIONS[skill].long}</p>
      </div>
    </div>
  );
};

const isReady = (report: LessonProgress, skill: Skill) =>
  report.progress.some((gauge) => gauge.skillName === skill && gauge.levelUpOffered);

/** Opens on a skill ready to level up, else the first skill in practice, else the beginner course. */
const openingSkill = (report: LessonProgress, ratings: readonly SkillSelfRating[]): Skill =>
  ratings.find((rating) => isReady(report, rating.skillName))?.skillName ??
  ratings.find((rating) => rating.selected)?.skillName ??
  SKILLS[0];

/**
 * /update-skills: one tab per skill, the beginner course included (its slider runs 0-1, product-spec
 * §5), with gauge, level slider, Update button and the skill's descriptions.
 */
export const UpdateSkillsPage = () => {
  const dispatch = useDispatch();
  const { load, report, ratings, updating, notice } = useSelector(selectProgress);
  const [tab, setTab] = useState<Skill | null>(null);

  useEffect(() => {
    dispatch(skillsPageOpened());
  }, [dispatch]);

  // The tab it opens on stays chosen: a level-up that ends the skill's readiness must not switch tabs.
  const opening = report && ratings ? openingSkill(report, ratings) : null;
  useEffect(() => {
    if (tab === null && load === 'loaded' && opening) setTab(opening);
  }, [tab, load, opening]);

  if (!report || !ratings) {
    return load === 'failed' ? (
      <FormMessage tone="error">Your skills could not be loaded. Please try again later.</FormMessage>
    ) : (
      <p role="status">Loading your skills…</p>
    );
  }

  const ready = (skill: Skill) => isReady(report, skill);
  return (
    <div className="card skill-tabs">
      <LevelNotice notice={notice} />
      <Tabs
        label="Skills"
        selected={tab ?? opening ?? SKILLS[0]}
        onSelect={(key) => setTab(key as Skill)}
        items={ratings.map((rating) => ({
          key: rating.skillName,
          label: (
            <>
              {SKILL_DISPLAY_NAMES[rating.skillName]}
              {ready(rating.skillName) ? <ReadyMark /> : null}
            </>
          ),
          panel: (
            // A stored new level restarts the panel from it.
            <SkillPanel
              key={`${rating.skillName}-${rating.level}`}
              rating={rating}
              gauge={report.progress.find((gauge) => gauge.skillName === rating.skillName)}
              busy={updating !== null}
            />
          ),
        }))}
      />
    </div>
  );
};
