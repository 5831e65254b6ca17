import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultSpeedTrainer, speedTrainer, trainerNextStep, trainerTempoAt } from './speed-trainer.js';

const trainers = fc
  .record({
    startBpm: fc.integer({ min: 0, max: 300 }),
    targetBpm: fc.integer({ min: 0, max: 300 }),
    stepBpm: fc.integer({ min: -5, max: 40 }),
    everyBars: fc.integer({ min: -2, max: 40 }),
  })
  .map(speedTrainer);

describe('the speed trainer', () => {
  it('defaults from the lesson: its start bpm, target +20 %, +2 bpm every 4 bars', () => {
    expect(defaultSpeedTrainer(100)).toEqual({ startBpm: 100, targetBpm: 120, stepBpm: 2, everyBars: 4 });
    expect(defaultSpeedTrainer(240).targetBpm).toBe(250);
  });

  it('raises the tempo by the step after every block of bars and stops at the target', () => {
    const trainer = speedTrainer({ startBpm: 100, targetBpm: 105, stepBpm: 2, everyBars: 4 });
    expect([0, 3, 4, 7, 8, 12, 100].map((bar) => trainerTempoAt(trainer, bar))).toEqual([
      100, 100, 102, 102, 104, 105, 105,
    ]);
    expect(trainerNextStep(trainer, 0)).toEqual({ atBar: 4, bpm: 102 });
    expect(trainerNextStep(trainer, 9)).toEqual({ atBar: 12, bpm: 105 });
    expect(trainerNextStep(trainer, 12)).toBeNull();
  });

  it('never exceeds the target, never goes below the start and never slows down', () => {
    fc.assert(
      fc.property(trainers, fc.integer({ min: 0, max: 2000 }), (trainer, bar) => {
        const tempo = trainerTempoAt(trainer, bar);
        expect(tempo).toBeLessThanOrEqual(trainer.targetBpm);
        expect(tempo).toBeGreaterThanOrEqual(trainer.startBpm);
        expect(trainerTempoAt(trainer, bar + 1)).toBeGreaterThanOrEqual(tempo);
        expect(trainer.targetBpm).toBeLessThanOrEqual(250);
        expect(trainer.startBpm).toBeGreaterThanOrEqual(30);
      }),
    );
  });

  it('announces the next step exactly where the tempo next rises', () => {
    fc.assert(
      fc.property(trainers, fc.integer({ min: 0, max: 500 }), (trainer, bar) => {
        const next = trainerNextStep(trainer, bar);
        const tempo = trainerTempoAt(trainer, bar);
        if (next === null) {
          expect(tempo).toBe(trainer.targetBpm);
          return;
        }
        expect(next.bpm).toBe(trainerTempoAt(trainer, next.atBar));
        expect(next.bpm).toBeGreaterThan(tempo);
        expect(trainerTempoAt(trainer, next.atBar - 1)).toBe(tempo);
        expect(next.atBar).toBeGreaterThan(bar);
      }),
    );
  });
});
