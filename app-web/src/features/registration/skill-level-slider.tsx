import {
  levelDescription,
  maxLevelIndexFor,
  SKILL_DISPLAY_NAMES,
  type LevelIndex,
  type Skill,
} from '@stickwork/domain';
import { useId } from 'react';
import { levelNameAt } from '../../lib/level-names';

interface SkillLevelSliderProps {
  skill: Skill;
  index: LevelIndex;
  onChange: (index: number) => void;
}

/** One skill's level from 0 (not set) to its top level, with the chosen level's description beside it. */
export const SkillLevelSlider = ({ skill, index, onChange }: SkillLevelSliderProps) => {
  const id = useId();
  const descriptionId = `${id}-description`;
  const levelName = levelNameAt(index);
  return (
    <div className="skill-slider">
      <div className="skill-slider__control">
        <label htmlFor={id} className="skill-slider__label">
          {SKILL_DISPLAY_NAMES[skill]}
        </label>
        <input
          id={id}
          type="range"
          min={0}
          max={maxLevelIndexFor(skill)}
          step={1}
          value={index}
          onChange={(event) => onChange(Number(event.target.value))}
          aria-valuetext={`Level ${index}: ${levelName}`}
          aria-describedby={descriptionId}
          className="skill-slider__range"
        />
      </div>
      <div id={descriptionId} className="skill-slider__description">
        <span className="skill-slider__level">
          Level {index}: {levelName}
        </span>
        <span>
          {levelDescription(skill, index) ?? 'Not selected: this skill stays out of your sessions.'}
        </span>
      </div>
    </div>
  );
};
