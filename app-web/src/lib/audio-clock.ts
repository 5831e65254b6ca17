/**
 * The audio clock's time of what the listener hears at `performanceMs` (a performance.now() time, such as
 * a MIDI event's timeStamp; default: now), output latency included where the browser knows it. One
 * mapping for the practice room (which lights the notation by it) and the timing coach (which times
 * strokes by it), so both hear the same moment.
 */
export const heardTime = (context: AudioContext, performanceMs: number = performance.now()): number => {
  const stamp = typeof context.getOutputTimestamp === 'function' ? context.getOutputTimestamp() : undefined;
  if (stamp?.contextTime && stamp.performanceTime)
    return stamp.contextTime + (performanceMs - stamp.performanceTime) / 1000;
  const heardNow = context.currentTime - (context.outputLatency || context.baseLatency || 0);
  return heardNow + (performanceMs - performance.now()) / 1000;
};
