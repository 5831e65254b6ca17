import { loadConfig } from '@stickwork/app-api/stores';
import {
  customerEventSchemaVersions,
  customerStreamId,
  evolveCustomer,
  foldEvents,
  initialCustomerState,
  SKILL_DISPLAY_NAMES,
  toDomainEvents,
  type CustomerEvent,
  type CustomerState,
} from '@stickwork/domain';
import type { showInput } from '../commands/customer.js';
import { CliError, withStores } from '../context.js';
import { resolveCustomer } from '../customers/resolve-customer.js';
import type { InputOf } from '../define-command.js';
import { count, formatInZone } from '../history/event-summary.js';
import { PERSONAL_PLACEHOLDER } from '../history/personal-data.js';
import { listOutbox, outboxDirOf, type OutboxMail } from '../mail/outbox.js';
import { replayCustomer, type ReplayReport } from '../replay/replay-customer.js';
import { weakSpotText } from './replay.js';
import { emitLines, keyValueLines, printJson } from '../ui/print.js';

type Registered = Extract<CustomerState, { status: 'registered' }>;

/** What every section of the screen is made from, read once. */
export interface CustomerFacts {
  customer: Registered;
  /** Their read models as of now, in their zone (the replay of their events). */
  report: ReplayReport;
  timeZone: string;
  /** Mails the embedded outbox holds for them; null when mail goes out over SMTP (none kept). */
  mails: OutboxMail[] | null;
  showPersonal: boolean;
}

/**
 * One part of `customer show`: a title, its lines (label, text) and what `--json` prints for it.
 * A part that has nothing to show for this customer answers null and is left out, so the screen
 * grows by adding a section here as the read models it needs appear.
 */
export interface CustomerSection {
  name: string;
  show(facts: CustomerFacts): { lines: [string, string][]; json: unknown } | null;
}

const time = (iso: string | null | undefined, facts: CustomerFacts) =>
  iso ? `${formatInZone(iso, facts.timeZone)}` : '-';

const account: CustomerSection = {
  name: 'account',
  show: ({ customer, showPersonal }) => {
    const personal = (text: string) => (showPersonal ? text : PERSONAL_PLACEHOLDER);
    return {
      lines: [
        ['name', personal(`${customer.firstname} ${customer.lastname}`)],
        ['email', `${personal(customer.email)}${customer.emailVerified ? ' (verified)' : ' (not verified)'}`],
        ['zone', customer.timeZone ?? 'not pinned yet (UTC until the first practice)'],
        ...(customer.erasureRequested ? [['erasure', 'requested'] as [string, string]] : []),
      ],
      json: {
        name: personal(`${customer.firstname} ${customer.lastname}`),
        email: personal(customer.email),
        emailVerified: customer.emailVerified,
        timeZone: customer.timeZone,
        erasureRequested: customer.erasureRequested,
      },
    };
  },
};

const subscription: CustomerSection = {
  name: 'subscription',
  show: (facts) => {
    const plan = facts.report.plan!;
    const running = facts.customer.subscription;
    const lines: [string, string][] = [
      [
        'plan',
        [plan.tier, plan.period, plan.status === plan.tier ? null : plan.status].filter(Boolean).join(' '),
      ],
    ];
    if (running) {
      if (running.trialEndsAt) lines.push(['trial ends', time(running.trialEndsAt, facts)]);
      lines.push(['period ends', time(running.currentPeriodEnd, facts)]);
      if (running.cancelAt) lines.push(['cancels', time(running.cancelAt, facts)]);
      if (running.pastDueSince) lines.push(['payment failed', time(running.pastDueSince, facts)]);
    } else if (facts.customer.subscriptionEnded) lines.push(['subscription', 'ended']);
    return { lines, json: { ...plan, details: running } };
  },
};

const today: CustomerSection = {
  name: 'today',
  show: ({ report }) => ({
    lines: [
      [
        'lessons today',
        `${count(report.usageToday.lessons, 'lesson')} on ${report.usageToday.day}, ` +
          (report.usageToday.lessonsLeft === null
            ? 'no daily limit'
            : `${report.usageToday.lessonsLeft} left`),
      ],
    ],
    json: report.usageToday,
  }),
};

const practice: CustomerSection = {
  name: 'practice',
  show: (facts) => {
    const last = facts.report.lessonHistory[0];
    return {
      lines: [
        ['last practice', last ? `${last.day}: ${last.name}` : 'never'],
        ['streak', `${count(facts.report.streaks.current, 'day')} (longest ${facts.report.streaks.longest})`],
        [
          'skills',
          facts.report.skills
            .filter((skill) => skill.selected)
            .map((skill) => `${SKILL_DISPLAY_NAMES[skill.skill]} ${skill.level} ${skill.progress}%`)
            .join(', ') || 'none chosen',
        ],
      ],
      json: { lastLesson: last ?? null, streaks: facts.report.streaks, skills: facts.report.skills },
    };
  },
};

const tempoPlans: CustomerSection = {
  name: 'tempoPlans',
  show: ({ report }) =>
    report.tempoPlans.length === 0
      ? null
      : {
          lines: report.tempoPlans.map((plan, index): [string, string] => [
            index === 0 ? 'tempo plan' : '',
            `${plan.name}: ${plan.startBpm} → ${plan.targetBpm} bpm (${plan.reason ?? "the catalogue's tempo"})`,
          ]),
          json: report.tempoPlans,
        },
};

const weakSpots: CustomerSection = {
  name: 'weakSpots',
  show: ({ report }) =>
    report.weakSpots.length === 0
      ? null
      : {
          lines: report.weakSpots.map((spot, index): [string, string] => [
            index === 0 ? 'weak spots' : '',
            weakSpotText(spot),
          ]),
          json: report.weakSpots,
        },
};

const mails: CustomerSection = {
  name: 'mails',
  show: (facts) =>
    facts.mails === null
      ? null
      : {
          lines:
            facts.mails.length === 0
              ? [['mails sent', 'none']]
              : facts.mails.map((mail, index): [string, string] => [
                  index === 0 ? 'mails sent' : '',
                  `#${mail.number} ${time(mail.date, facts)} ${mail.subject}`,
                ]),
          json: facts.mails.map(({ number, date, subject }) => ({ number, date, subject })),
        },
};

/** The screen, top to bottom. */
export const CUSTOMER_SECTIONS: readonly CustomerSection[] = [
  account,
  subscription,
  today,
  practice,
  tempoPlans,
  weakSpots,
  mails,
];

const loadState = async (
  store: Parameters<typeof replayCustomer>[0],
  customerId: string,
): Promise<CustomerState> =>
  foldEvents(
    { initialState: initialCustomerState, evolve: evolveCustomer },
    toDomainEvents<CustomerEvent>(
      await store.readStream(customerStreamId(customerId)),
      customerEventSchemaVersions,
    ),
  );

/** `customer show <customer>`: one screen of what support asks about first. */
export const runCustomerShow = async (options: InputOf<typeof showInput>) => {
  const config = loadConfig();
  const { customerId, facts } = await withStores(
    async ({ store, reservations, clock }) => {
      const customerId = await resolveCustomer({ store, reservations }, options.customer);
      const customer = await loadState(store, customerId);
      if (customer.status !== 'registered')
        throw new CliError(`customer ${customerId} has no account (erased, or never registered)`);
      const timeZone = options.tz ?? customer.timeZone ?? 'UTC';
      const report = await replayCustomer(store, customerId, { timeZone, now: clock() });
      const outbox = config.smtpUrl ? null : await listOutbox(outboxDirOf(config.dataDir));
      const wanted = customer.email.toLowerCase();
      const facts: CustomerFacts = {
        customer,
        report,
        timeZone,
        mails: outbox && outbox.filter((mail) => mail.to.toLowerCase().includes(wanted)),
        showPersonal: options.showPersonal,
      };
      return { customerId, facts };
    },
    { readonly: true },
  );
  const shown = CUSTOMER_SECTIONS.map((section) => ({
    name: section.name,
    part: section.show(facts),
  })).filter((entry) => entry.part !== null);
  if (options.json)
    return printJson({
      customerId,
      timeZone: facts.timeZone,
      ...Object.fromEntries(shown.map(({ name, part }) => [name, part!.json])),
    });
  await emitLines(
    keyValueLines(
      `Customer ${customerId} (times in ${facts.timeZone})`,
      shown.flatMap(({ part }) => part!.lines),
    ),
  );
};
