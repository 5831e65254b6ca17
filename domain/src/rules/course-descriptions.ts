import type { Skill } from './skills.js';

export interface CourseDescription {
  /** One line for cards and chips. */
  short: string;
  /** A paragraph for the skill tab: what the skill is and what the lessons practise. */
  long: string;
}

/** A long and a short course description per skill (product-spec §3). */
export const COURSE_DESCRIPTIONS: Record<Skill, CourseDescription> = {
  beginner_course: {
    short: 'Your first steps on the drums, from holding the sticks to your first songs.',
    long:
      'The beginner course takes you from zero to your first complete beats. You learn how to set up and sit at the kit, ' +
      'how to hold the sticks, and how to read simple drum notation. You practise quarter, 8th and 16th notes with ' +
      'a metronome, your first rock beats with hi-hat, snare and bass drum, and short fills that lead back into the ' +
      'groove. Once you complete it, the other skills take over.',
  },
  hand_technique: {
    short: 'Stick control and rudiments for relaxed, even and dynamic strokes.',
    long:
      'Hand technique is how you move the sticks: grip, wrist and finger motion, rebound and stroke heights. You ' +
      'practise single and double strokes, paradiddles, flams, drags and other rudiments, accent and tap patterns, ' +
      'and the Moeller motion, on the pad or the snare, always with a metronome. Good technique makes you sound ' +
      'even, play louder and softer on purpose, and keeps you free of tension and injury.',
  },
  hand_speed: {
    short: '16th-note singles from 70 to 230 bpm, built up step by step.',
    long:
      'Hand speed is the tempo at which you can play clean, even 16th-note single strokes. You practise short ' +
      'speed bursts, endurance runs and gradual tempo ladders with the metronome, from 70 bpm up to 230 bpm, ' +
      'while keeping the grip relaxed and the strokes even. Speed comes from efficient motion, so the lessons ' +
      'push the tempo in small steps and never at the cost of a clean sound.',
  },
  independence: {
    short: 'Let each hand and foot play its own part without losing the groove.',
    long:
      'Independence (coordination) is the ability to play different rhythms with each limb at the same time. ' +
      'You practise steady ostinatos on hi-hat or ride against changing bass drum and snare patterns, ghost notes ' +
      'under a backbeat, linear patterns, and later four-way coordination and polyrhythms. It is the foundation ' +
      'for every groove and fill you want to play.',
  },
  groove_feel_sound: {
    short: 'Balance, dynamics and touch: make a simple beat feel and sound great.',
    long:
      'Groove feel and sound is about how your playing feels and sounds, not only what you play. You practise the ' +
      'balance between hi-hat, snare and bass drum, accents and ghost notes, playing on, behind and ahead of the ' +
      'beat, and the touch that different styles need. The lessons use simple patterns on purpose so that you can ' +
      'listen to your sound and make every note count.',
  },
  timing: {
    short: 'Steady time with and without a click, at any tempo.',
    long:
      'Timing is keeping a steady pulse that a band can rely on. You practise with the metronome in ever harder ' +
      'ways: on every beat, only on 2 and 4, once per bar, and with bars of silence, across subdivisions from ' +
      'quarter notes to triplets and 16th notes, and at slow tempos where drifting is easiest. The goal is time ' +
      'that stays solid when the click is gone.',
  },
  drum_fills: {
    short: 'Fills around the kit that lead cleanly back into the groove.',
    long:
      'Drum fills connect the parts of a song. You practise fills from one beat to several bars: 8th and 16th notes ' +
      'around the toms, triplets, fills with the bass drum, linear and flam fills, and fills across the bar line, ' +
      'always entering from a groove and landing back on the one. You learn a vocabulary of fills and when to use ' +
      'them musically.',
  },
  grooves: {
    short: 'Beats in every style, from rock and pop to funk, Latin and jazz.',
    long:
      'Grooves are the beats you play through a song. You practise rock and pop beats, 16th-note and half-time ' +
      'grooves, shuffles, disco, funk with ghost notes, Latin and jazz patterns, and odd time signatures, each at ' +
      'its own tempo with the metronome. The lessons build a repertoire of grooves you can play in a band and vary ' +
      'on the spot.',
  },
};
