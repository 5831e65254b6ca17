import { PolarAngleAxis, PolarGrid, PolarRadiusAxis, Radar, RadarChart, ResponsiveContainer } from 'recharts';
import { SKILL_DISPLAY_NAMES } from '@stickwork/domain';
import type { LessonProgress } from './progress-api';

/** The seven skills on a radar (chart values 0-1 from the chosen levels). */
export const SkillsRadarChart = ({ chart }: { chart: LessonProgress['chart'] }) => {
  const data = chart.map(({ skill, value }) => ({ skill: SKILL_DISPLAY_NAMES[skill], value }));
  return (
    <figure className="skills-radar">
      <div className="skills-radar__chart" aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          <RadarChart data={data} outerRadius="70%" accessibilityLayer={false}>
            <PolarGrid />
            <PolarAngleAxis dataKey="skill" tick={{ fontSize: 12, fill: 'var(--color-text)' }} />
            <PolarRadiusAxis domain={[0, 1]} tick={false} axisLine={false} />
            <Radar
              dataKey="value"
              stroke="var(--color-brass-500)"
              fill="var(--color-brass-400)"
              fillOpacity={0.45}
              isAnimationActive={false}
            />
          </RadarChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="visually-hidden">
        Your skills: {data.map(({ skill, value }) => `${skill} ${Math.round(value * 100)}%`).join(', ')}
      </figcaption>
    </figure>
  );
};
