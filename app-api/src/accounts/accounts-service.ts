import { randomUUID } from 'node:crypto';
import {
  amountDueCents,
  customerSubscription,
  emailReservationDecider,
  emailReservationEventSchemaVersions,
  isCancellationScheduled,
  isDomainError,
  isTrialAvailable,
  isWrongExpectedRevision,
  SECRET_MIN_LENGTH,
  type AuthenticateRequest,
  type ChangePasswordRequest,
  type RegisterRequest,
  type SubscriptionStatus,
  type Tier,
  handleCommand,
  type CustomerInfo,
} from '@stickwork/domain';
import type { Backend } from '../backend.js';
import type { OutgoingMail } from '../adapters/mail/mailer.js';
import { HttpError } from '../http/http-error.js';
import { decoyPasswordHash, hashPassword, verifyPassword } from '../auth/passwords.js';
import { issueLoginToken } from '../auth/tokens.js';
import {
  findCustomerByEmail,
  loadCustomer,
  loadRegisteredCustomer,
  loginClaimsOf,
  type RegisteredCustomer,
} from './customer-records.js';
import { runCustomerCommand, type CustomerCommandInput } from './customer-commands.js';
import { STALE_RESERVATION_MS } from './reservation-streams.js';
import {
  alreadyVerifiedMail,
  noAccountMail,
  passwordRecoveryMail,
  verificationMail,
} from './mail-templates.js';
import { issueSecret, passwordFingerprint, verifySecret } from './one-time-secrets.js';

const unixSeconds = (iso: string): number => Math.floor(Date.parse(iso) / 1000);

/** Messages of product-spec §8 where it gives them, otherwise written for the customer. */
export const ACCOUNT_MESSAGES = {
  emailTaken: 'email already in use',
  loginFailed: 'Email or password is wrong.',
  invalidVerificationLink: 'This verification link is invalid or has expired. Please request a new email.',
  alreadyVerified: 'This email address is already verified.',
  verificationSent: (email: string) =>
    `Validation email send successfully to ${email}, please check your emails!`,
  recoverySent: (email: string) =>
    `Password recovery email sent successfully to ${email}, please check your emails and follow our instructions. In case that you don't find the email, please check your Spam folder first :)`,
  invalidRecoveryLink:
    'This password link is invalid, expired or already used. Please request a new password email.',
  mailFailed: 'We could not send the email right now. Please try again later.',
  accountDeleted: 'Your account and all its data have been deleted.',
  practiceDataDeleted: 'Your practice history has been deleted.',
} as const;

type AccountsBackend = Pick<
  Backend,
  'store' | 'clock' | 'jwtSecret' | 'mailer' | 'logger' | 'config' | 'reservations'
>;

/** What a registration records (POST /api/register's body with the password already hashed). */
export type Registration = Omit<RegisterRequest, 'password'> & { passwordHash: string };

/** The login service's use cases (product-spec §7, second table), on the event store. */
export const createAccountsService = (backend: AccountsBackend) => {
  const { store, clock, jwtSecret, mailer, logger, reservations } = backend;
  const publicUrl = backend.config.publicUrl;

  const run = (customerId: string, command: CustomerCommandInput, now: Date) =>
    runCustomerCommand(backend, customerId, command, { now });

  const registered = (state: Awaited<ReturnType<typeof loadCustomer>>): RegisteredCustomer => {
    if (state.status !== 'registered') throw new Error('The customer is not registered');
    return state;
  };

  const tokenFor = (customer: RegisteredCustomer, now: Date) =>
    issueLoginToken(jwtSecret, loginClaimsOf(customer), now);

  /**
   * The email's uniqueness: `EmailReserved` on `email-<keyed digest>` with expected revision no_stream;
   * of concurrent registrations exactly one append succeeds. Answers whether this call reserved it
   * (false: the customer already held it).
   */
  const reserveEmail = async (email: string, customerId: string, now: Date): Promise<boolean> => {
    const stream = reservations.email(email);
    const reserve = async () =>
      (
        await handleCommand(
          store,
          stream,
          emailReservationDecider,
          emailReservationEventSchemaVersions,
          { type: 'ReserveEmail', data: { customerId }, metadata: { now } },
          { maxRetries: 0 },
        )
      ).events.length > 0;
    try {
      return await reserve();
    } catch (error) {
      if (!isDomainError(error, 'email_taken') && !isWrongExpectedRevision(error)) throw error;
    }
    if (await releaseStaleReservation(stream, now)) {
      try {
        return await reserve();
      } catch (error) {
        if (!isDomainError(error, 'email_taken') && !isWrongExpectedRevision(error)) throw error;
      }
    }
    throw new HttpError(409, ACCOUNT_MESSAGES.emailTaken);
  };

  /** Frees an email whose reservation is old and whose customer is not registered (never was, or erased). */
  const releaseStaleReservation = async (stream: string, now: Date): Promise<boolean> => {
    const [reservation] = await store.readStream(stream, { maxCount: 1 });
    const data = reservation?.data as { customerId?: unknown; reservedAt?: unknown } | undefined;
    if (typeof data?.customerId !== 'string' || typeof data.reservedAt !== 'string') return false;
    if (now.getTime() - Date.parse(data.reservedAt) < STALE_RESERVATION_MS) return false;
    if ((await loadCustomer(store, data.customerId)).status === 'registered') return false;
    await store.deleteStream(stream);
    logger.warn({ customerId: data.customerId }, 'released an email reservation without a customer');
    return true;
  };

  const verificationMailFor = async (customer: RegisteredCustomer, now: Date) => {
    const secret = await issueSecret(jwtSecret, 'verify-email', customer.customerId, {}, now);
    return verificationMail(customer, `${publicUrl}/verify-mail/?secret=${encodeURIComponent(secret)}`);
  };
  const sendVerificationMail = async (customer: RegisteredCustomer, now: Date) =>
    mailer.send(await verificationMailFor(customer, now));

  /**
   * The email's reservation, then `RegisterCustomer`; a reservation this call made is released
   * again when the registration fails, so it never locks the email for good.
   */
  const createCustomer = async (customerId: string, registration: Registration, now: Date) => {
    const reserved = await reserveEmail(registration.email, customerId, now);
    try {
      const result = await run(
        customerId,
        { type: 'RegisterCustomer', data: { customerId, ...registration } },
        now,
      );
      logger.info({ customerId }, 'customer registered');
      return { customer: registered(result.state), position: result.position };
    } catch (error) {
      if (reserved)
        await store
          .deleteStream(reservations.email(registration.email))
          .catch((releaseError: unknown) =>
            logger.error({ customerId, err: releaseError }, 'could not release an email reservation'),
          );
      throw error;
    }
  };

  /** Mail errors can quote the address: only their kind is logged. */
  const logMailFailure = (error: unknown, customerId: string | undefined, what: string) =>
    logger.error(
      { customerId, errorName: (error as Error).name, errorCode: (error as { code?: unknown }).code },
      `could not send the ${what} mail`,
    );

  /** A mail that cannot be sent is a 503, the same whether the address has an account or not. */
  const sendOrUnavailable = async (mail: OutgoingMail, customerId: string | undefined, what: string) => {
    try {
      await mailer.send(mail);
    } catch (error) {
      logMailFailure(error, customerId, what);
      throw new HttpError(503, ACCOUNT_MESSAGES.mailFailed);
    }
  };

  return {
    /** POST /api/register: a freemium customer with an unverified email; the verification mail goes out. */
    async register(request: RegisterRequest): Promise<{ token: string; customerId: string }> {
      const now = clock();
      // Hash first: it is the slow part, and the reservation should not wait for it.
      const passwordHash = await hashPassword(request.password);
      const customerId = randomUUID();
      const { customer } = await createCustomer(
        customerId,
        {
          email: request.email,
          firstname: request.firstname,
          lastname: request.lastname,
          country: request.country,
          passwordHash,
          newsletterSubscription: request.newsletterSubscription,
          dateTermsAndConditions: request.dateTermsAndConditions,
        },
        now,
      );
      try {
        await sendVerificationMail(customer, now);
      } catch (error) {
        // The account exists; a new verification mail can be requested.
        logMailFailure(error, customerId, 'verification');
      }
      return { token: await tokenFor(customer, now), customerId };
    },

    /**
     * The seed's registration: POST /api/register's reservation (with its release of a stale one)
     * and command for a given id and password hash, without the verification mail or a token.
     */
    registerWithoutMail(customerId: string, registration: Registration) {
      return createCustomer(customerId, registration, clock());
    },

    /** The seed's (an operator's) `VerifyEmail` without a mailed link; nothing when already verified. */
    async markEmailVerified(customerId: string) {
      return run(customerId, { type: 'VerifyEmail', data: {} }, clock());
    },

    /** POST /api/authenticate: a token, or null. Unknown emails cost a password check too. */
    async authenticate(request: AuthenticateRequest): Promise<string | null> {
      const customer = await findCustomerByEmail(backend, request.email);
      const passwordHash = customer?.passwordHash ?? (await decoyPasswordHash());
      const matches = await verifyPassword(passwordHash, request.password);
      return customer && matches ? tokenFor(customer, clock()) : null;
    },

    /** GET /api/verify/email?secret=: marks the email verified, once. */
    async verifyEmail(secret: string): Promise<string> {
      const now = clock();
      const claims = await verifySecret(jwtSecret, 'verify-email', secret, now);
      const customer = claims && (await loadRegisteredCustomer(store, claims.customerId));
      if (!customer) throw new HttpError(400, ACCOUNT_MESSAGES.invalidVerificationLink);
      const result = await run(customer.customerId, { type: 'VerifyEmail', data: {} }, now);
      if (result.events.length === 0) throw new HttpError(409, ACCOUNT_MESSAGES.alreadyVerified);
      return tokenFor(registered(result.state), now);
    },

    /**
     * GET /api/verify/email/request-verification?email=: a new verification mail. Known, verified
     * and unknown addresses get the same answer (no account enumeration); the mail tells which.
     */
    async requestVerificationMail(email: string): Promise<string> {
      const now = clock();
      const customer = await findCustomerByEmail(backend, email);
      const mail = async (): Promise<OutgoingMail> => {
        if (!customer) return noAccountMail(email, 'verification', `${publicUrl}/register`);
        try {
          await run(customer.customerId, { type: 'RequestVerificationMail', data: {} }, now);
        } catch (error) {
          if (isDomainError(error, 'already_verified'))
            return alreadyVerifiedMail(customer, `${publicUrl}/login`);
          throw error;
        }
        return verificationMailFor(customer, now);
      };
      await sendOrUnavailable(await mail(), customer?.customerId, 'verification');
      return ACCOUNT_MESSAGES.verificationSent(email);
    },

    /**
     * GET /api/pw-recovery?email=: a link to choose a new password, valid once for an hour. An
     * unknown address gets the same answer and a mail saying no account uses it.
     */
    async requestPasswordRecovery(email: string): Promise<string> {
      const now = clock();
      const customer = await findCustomerByEmail(backend, email);
      const mail = async (): Promise<OutgoingMail> => {
        if (!customer) return noAccountMail(email, 'password-recovery', `${publicUrl}/register`);
        await run(customer.customerId, { type: 'RequestPasswordRecovery', data: {} }, now);
        const secret = await issueSecret(
          jwtSecret,
          'password-recovery',
          customer.customerId,
          // The change-password page greets with the first name it decodes from the secret.
          { firstname: customer.firstname, pwd: passwordFingerprint(jwtSecret, customer.passwordHash) },
          now,
        );
        if (secret.length < SECRET_MIN_LENGTH)
          throw new Error(`A recovery secret must have at least ${SECRET_MIN_LENGTH} characters`);
        return passwordRecoveryMail(
          customer,
          `${publicUrl}/change-password?secret=${encodeURIComponent(secret)}`,
        );
      };
      await sendOrUnavailable(await mail(), customer?.customerId, 'password recovery');
      return ACCOUNT_MESSAGES.recoverySent(email);
    },

    /**
     * POST /api/pw-recovery/change-password: the secret must be genuine, unexpired, issued for the
     * current password (so one issued before the last change, or already used, fails) and unspent.
     * Following the mailed link also proves the address, so the email counts as verified.
     */
    async changePassword(request: ChangePasswordRequest): Promise<string> {
      const now = clock();
      const claims = await verifySecret(jwtSecret, 'password-recovery', request.secret, now);
      const customer = claims && (await loadRegisteredCustomer(store, claims.customerId));
      if (!claims || !customer || claims.pwd !== passwordFingerprint(jwtSecret, customer.passwordHash))
        throw new HttpError(400, ACCOUNT_MESSAGES.invalidRecoveryLink);
      const passwordHash = await hashPassword(request.password);
      try {
        await run(
          customer.customerId,
          { type: 'ChangePassword', data: { passwordHash, recoverySecretId: claims.jti } },
          now,
        );
      } catch (error) {
        if (isDomainError(error, 'invalid_transition') || isDomainError(error, 'not_registered'))
          throw new HttpError(400, ACCOUNT_MESSAGES.invalidRecoveryLink);
        throw error;
      }
      const result = await run(customer.customerId, { type: 'VerifyEmail', data: {} }, now);
      logger.info({ customerId: customer.customerId }, 'password changed through a recovery link');
      return tokenFor(registered(result.state), now);
    },

    /** GET /api/customer-info: the account, and the plan as the Subscription tab shows it. */
    customerInfo(customer: RegisteredCustomer): CustomerInfo {
      const subscription = customerSubscription(customer);
      const running = customer.subscription;
      const cancelling = isCancellationScheduled(subscription);
      const trialEndsAt =
        running?.status === 'trialing' && running.trialEndsAt ? unixSeconds(running.trialEndsAt) : null;
      // A trial ends with the first charge; a running plan renews at its period end unless cancelled.
      const charged = running !== null && !cancelling;
      return {
        firstname: customer.firstname,
        lastname: customer.lastname,
        email: customer.email,
        emailVerified: customer.emailVerified,
        status: subscription.status,
        cancelAt: subscription.cancelAt === null ? null : unixSeconds(subscription.cancelAt),
        cancelAtPeriodEnd: cancelling,
        tier: subscription.tier,
        billingPeriod: running?.period ?? null,
        trialEndsAt,
        nextChargeAt: charged ? (trialEndsAt ?? unixSeconds(running.currentPeriodEnd)) : null,
        nextChargeCents: charged ? amountDueCents(running.tier, running.period) : null,
        trialAvailable: isTrialAvailable(customer),
      };
    },

    /** GET /api/customer-info/subscription-status: what the token's subscription_status and activeTier should say. */
    subscriptionStatus(customer: RegisteredCustomer): { status: SubscriptionStatus; activeTier: Tier } {
      const { status, tier } = customerSubscription(customer);
      return { status, activeTier: tier };
    },

    /** GET /api/authenticate/update-jwt: a fresh token with the current plan and verification state. */
    refreshToken(customer: RegisteredCustomer): Promise<string> {
      return tokenFor(customer, clock());
    },
  };
};

export type AccountsService = ReturnType<typeof createAccountsService>;
