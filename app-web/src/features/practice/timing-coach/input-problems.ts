/** Why the coach cannot listen; the lesson always goes on without scoring. */
export type InputProblem =
  | 'midi-unsupported'
  | 'midi-denied'
  | 'midi-no-device'
  | 'midi-unplugged'
  | 'microphone-denied'
  | 'microphone-missing'
  | 'microphone-unplugged';

const WITHOUT_SCORING = 'The lesson goes on without scoring.';

export const INPUT_PROBLEM_MESSAGES: Record<InputProblem, string> = {
  'midi-unsupported': `This browser cannot read MIDI devices (Chrome and Edge can); you can use the microphone instead. ${WITHOUT_SCORING}`,
  'midi-denied': `MIDI access was not allowed. Allow it in the browser's site settings to score your playing. ${WITHOUT_SCORING}`,
  'midi-no-device': `No MIDI device found. Connect your e-kit (USB or MIDI interface) and choose it again. ${WITHOUT_SCORING}`,
  'midi-unplugged': `Your MIDI device was disconnected. Connect it again and choose it to go on scoring. ${WITHOUT_SCORING}`,
  'microphone-denied': `The microphone was not allowed. Allow it in the browser's site settings to score your playing. ${WITHOUT_SCORING}`,
  'microphone-missing': `No microphone found. Connect one and choose it again. ${WITHOUT_SCORING}`,
  'microphone-unplugged': `The microphone was disconnected. Connect it again and choose it to go on scoring. ${WITHOUT_SCORING}`,
};

export class InputUnavailable extends Error {
  constructor(readonly problem: InputProblem) {
    super(INPUT_PROBLEM_MESSAGES[problem]);
    this.name = 'InputUnavailable';
  }
}
