import { levelIndex, SKILL_DISPLAY_NAMES, type Level, type Skill } from '@stickwork/domain';

interface ProgressGaugeProps {
  skillName: Skill;
  skillLevel: Level;
  levelProgress: number;
}

const RADIUS = 42;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/** A circular gauge: progress through the current level in percent, and the level as 'lvl N'. */
export const ProgressGauge = ({ skillName, skillLevel, levelProgress }: ProgressGaugeProps) => {
  const percent = Math.max(0, Math.min(100, Math.round(levelProgress)));
  const name = SKILL_DISPLAY_NAMES[skillName];
  return (
    <svg
      className="progress-gauge"
      viewBox="0 0 100 100"
      role="img"
      aria-label={`${name}: ${percent}% of lvl ${levelIndex(skillLevel)}`}
    >
      <title>{name}</title>
      <circle className="progress-gauge__track" cx="50" cy="50" r={RADIUS} />
      <circle
        className="progress-gauge__value"
        cx="50"
        cy="50"
        r={RADIUS}
        strokeDasharray={CIRCUMFERENCE}
        strokeDashoffset={CIRCUMFERENCE * (1 - percent / 100)}
        transform="rotate(-90 50 50)"
      />
      <text className="progress-gauge__percent" x="50" y="50" textAnchor="middle">
        {percent}%
      </text>
      <text className="progress-gauge__level" x="50" y="68" textAnchor="middle">
        lvl {levelIndex(skillLevel)}
      </text>
    </svg>
  );
};
