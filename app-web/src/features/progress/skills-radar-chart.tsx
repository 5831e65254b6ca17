import { PolarAngleAxis, PolarGrid, PolarRadiusAxis, Radar, RadarChart, ResponsiveContainer } from 'recharts';
import { SKILL_DISPLAY_NAMES } from '@stickwork/domain';
import type { LessonProgress } from './progress-api';

interface TickProps {
  x?: number | string;
  y?: number | string;
  textAnchor?: 'start' | 'middle' | 'end' | 'inherit';
  payload?: { value?: unknown };
}

/** Long skill names break onto two lines, so narrow screens do not cut them off. */
const SkillTick = ({ x = 0, y = 0, textAnchor = 'middle', payload }: TickProps) => {
  const words = String(payload?.value ?? '').split(' ');
  const lines =
    words.length > 2 ? [words.slice(0, 2).join(' '), words.slice(2).join(' ')] : [words.join(' ')];
  return (
    <text x={x} y={y} textAnchor={textAnchor} fontSize={12} fill="var(--color-text)">
      {lines.map((line, index) => (
        <tspan key={line} x={x} dy={index === 0 ? (lines.length > 1 ? '-0.3em' : '0.3em') : '1.2em'}>
          {line}
        </tspan>
      ))}
    </text>
  );
};

/** The seven skills on a radar (chart values 0-1 from the chosen levels). */
export const SkillsRadarChart = ({ chart }: { chart: LessonProgress['chart'] }) => {
  const data = chart.map(({ skill, value }) => ({ skill: SKILL_DISPLAY_NAMES[skill], value }));
  return (
    <figure className="skills-radar">
      <div className="skills-radar__chart" aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          <RadarChart data={data} outerRadius="58%" accessibilityLayer={false}>
            <PolarGrid />
            <PolarAngleAxis dataKey="skill" tick={<SkillTick />} />
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
