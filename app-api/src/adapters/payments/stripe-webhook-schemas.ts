import { z } from 'zod';

/**
 * The parts of Stripe's objects the adapter reads, checked before it reads them: a signed event
 * of an unexpected shape is a 400 with the reason (Stripe shows it in the dashboard and stops
 * retrying a delivery that can never succeed), never a 500. Everything else passes through.
 */
const idOrObject = z.union([z.string(), z.object({ id: z.string() }).loose()]);
const metadata = z.record(z.string(), z.string()).nullish();

export const stripeEventSchema = z
  .object({
    id: z.string().min(1),
    type: z.string().min(1),
    created: z.number().int().nonnegative(),
    data: z.object({ object: z.unknown() }).loose(),
  })
  .loose();

export const stripeCheckoutSessionSchema = z
  .object({
    client_reference_id: z.string().nullish(),
    metadata,
    subscription: idOrObject.nullish(),
  })
  .loose();

export const stripeSubscriptionSchema = z
  .object({
    id: z.string().min(1),
    status: z.string(),
    customer: idOrObject.nullish(),
    metadata,
    items: z
      .object({
        data: z.array(
          z
            .object({
              price: z.object({ id: z.string() }).loose(),
              current_period_end: z.number().int().nonnegative(),
            })
            .loose(),
        ),
      })
      .loose(),
    trial_end: z.number().int().nonnegative().nullish(),
    cancel_at_period_end: z.boolean().nullish(),
    cancel_at: z.number().int().nonnegative().nullish(),
  })
  .loose();

export const stripeInvoiceSchema = z
  .object({
    parent: z
      .object({
        subscription_details: z.object({ subscription: idOrObject.nullish(), metadata }).loose().nullish(),
      })
      .loose()
      .nullish(),
  })
  .loose();

/** A signed webhook whose body is not the shape we read. */
export class WebhookPayloadError extends Error {
  override readonly name = 'WebhookPayloadError';
}

/** The value, or a `WebhookPayloadError` naming the first field that is wrong. */
export const parseWebhookPart = <S extends z.ZodType>(
  schema: S,
  value: unknown,
  where: string,
): z.output<S> => {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = [where, ...issue.path.map(String)].join('.');
  throw new WebhookPayloadError(`The webhook event is malformed: ${field}: ${issue.message}`);
};
