export interface Founder {
  id: 'teacher' | 'developer';
  name: string;
  role: string;
  bio: [string, string, string];
  instagram: string;
  email: string;
}

export const FOUNDERS: readonly Founder[] = [
  {
    id: 'teacher',
    name: 'Jonas Reiter',
    role: 'Co-founder · Drummer and teacher',
    bio: [
      'Jonas has played drums since he was nine. He studied drum performance in Cologne and has spent more than fifteen years on stage and in the studio, from jazz trios to touring pop bands, and as a teacher in music schools and private lessons.',
      'In all those lessons he saw the same thing: students grow fastest when every exercise fits exactly where they stand, and they stall when they work through a book page by page. That is why he wrote every one of the 9000+ Stickwork exercises himself, sorted by skill and level.',
      'At Stickwork he makes the lessons, decides how sessions are put together and answers the questions that reach us about technique and practice. When he is not writing exercises, he plays in Berlin clubs and teaches the Exclusive members in their online lessons.',
    ],
    instagram: 'https://www.instagram.com/jonas.reiter.drums',
    email: 'jonas@stickwork.de',
  },
  {
    id: 'developer',
    name: 'Lea Sommer',
    role: 'Co-founder · Software developer',
    bio: [
      'Lea has built web applications for ten years, most recently for learning platforms used by schools. She took drum lessons with Jonas as an adult beginner and kept asking why practising could not be planned as well as a good lesson.',
      'Together they turned that question into Stickwork: Lea designed the engine that picks lessons from your skill levels, your time and your ratings, and the stats that show your progress day by day.',
      'She builds the product, keeps your data safe and makes sure Stickwork runs smoothly on phones, tablets and laptops. Every feature request you send ends up on her desk, and she reads all of them.',
    ],
    instagram: 'https://www.instagram.com/lea.builds.stickwork',
    email: 'lea@stickwork.de',
  },
];
