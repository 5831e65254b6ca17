import { Link } from 'react-router-dom';
import type { AccordionItem } from '../../components/accordion/accordion';
import { CONTACT_EMAIL, INSTAGRAM_URL } from '../../lib/contact';

/** 'Frequently Asked Questions' on the landing page: the eight topics of product-spec §2. */
export const FAQ_ITEMS: AccordionItem[] = [
  {
    id: 'instructor',
    title: 'Who creates the lessons, and how qualified are they?',
    content: (
      <p>
        Every exercise comes from our co-founder, a professional drummer with a degree in drum performance and
        more than fifteen years of teaching experience in music schools and private lessons. He plays live and
        in the studio and wrote all 9000+ exercises himself. Read more on our{' '}
        <Link to="/about-us">About Us</Link> page.
      </p>
    ),
  },
  {
    id: 'free-plan',
    title: 'What does the free plan include?',
    content: (
      <p>
        The free plan costs nothing and needs no credit card, and there are no ads. You get 3 lessons a day
        with the notation on screen, metronome, stopwatch and sheet music, sessions from up to 2 skills, and
        your full stats and progress. Paid plans remove the daily limit; see{' '}
        <Link to="/pricing">all plans</Link>.
      </p>
    ),
  },
  {
    id: 'beta',
    title: 'What does "beta" mean for me?',
    content: (
      <p>
        Stickwork is young: all core features work and your progress is stored safely, but we still add
        features and polish the details. Beta users help us shape the product, so your feedback goes straight
        to the people who build it.
      </p>
    ),
  },
  {
    id: 'pad-or-electronic',
    title: 'Can I practise with only a practice pad or an electronic kit?',
    content: (
      <p>
        Yes. An electronic kit works exactly like an acoustic one, so every lesson is yours. With only a
        practice pad, switch to Drum Pad mode: your session then contains only lessons that work on a pad,
        such as hand technique and hand speed. Drum Pad mode is part of the Premium and Exclusive plans and of
        the 14-day trial.
      </p>
    ),
  },
  {
    id: 'level',
    title: 'How is my level determined?',
    content: (
      <p>
        When you register, up to four yes/no questions about your playing set a starting level for each skill,
        and you can fine-tune every skill on a slider. After each lesson you rate how hard it was; that moves
        your progress, and at 80% you can level up. You can change any level at any time under Level Up.
      </p>
    ),
  },
  {
    id: 'skills',
    title: 'Can I choose which skills I practise?',
    content: (
      <p>
        Yes. Before each session you pick the skills you want to work on, such as Hand Technique, Hand Speed,
        Independence, Groove Feel and Sound, Timing, Drum Fills or Grooves, and how long you want to practise.
        Free and Basic sessions combine up to 2 skills; Premium and Exclusive combine as many as you like.
      </p>
    ),
  },
  {
    id: 'cancel',
    title: 'How do I cancel my subscription?',
    content: (
      <p>
        In Account Settings under Subscription, at any time. Your plan runs until the end of the current
        billing period and then returns to the free plan; there is no notice period and no hidden fee.
        Deleting your account also ends your subscription at the end of the period.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'How can I contact you?',
    content: (
      <p>
        Write to us at <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a> or send us a message on{' '}
        <a href={INSTAGRAM_URL} target="_blank" rel="noopener noreferrer">
          Instagram
        </a>
        . We usually answer within two working days.
      </p>
    ),
  },
];
