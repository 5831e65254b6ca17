import { useEffect, useState, type FormEvent } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { deleteAccountConfirmationSchema } from '@stickwork/domain';
import { Button } from '../../components/button/button';
import { CheckboxField } from '../../components/form/checkbox-field';
import { FormMessage } from '../../components/form/form-message';
import { TextField } from '../../components/form/text-field';
import { CONTACT_EMAIL } from '../../lib/contact';
import type { CustomerInfo } from '@stickwork/domain';
import {
  accountDeletionConfirmed,
  accountSettingsOpened,
  cancelSubscriptionConfirmed,
  manageSubscriptionClicked,
  selectAccount,
} from './account-slice';
import { DownloadMyData } from './download-my-data';
import { PracticeRemindersForm } from './practice-reminders-form';
import { formatUsableUntil, subscriptionSectionOf } from './subscription-section';
import { Tabs } from './tabs';
import './account-settings.css';

export const ACCOUNT_DELETED_MESSAGE =
  'Your account and all its data have been deleted. Thank you for practising with Stickwork.';

export const DELETION_FAILED_MESSAGE =
  'An unexpected error occurred: please try again later or contact us per e-mail';

const AccountTab = ({ info }: { info: CustomerInfo }) => (
  <div className="stack">
    <dl className="account-facts">
      <div>
        <dt>Name</dt>
        <dd>
          {info.firstname} {info.lastname}
        </dd>
      </div>
      <div>
        <dt>Email</dt>
        <dd>{info.email}</dd>
      </div>
      <div>
        <dt>Password</dt>
        <dd>
          <Link to="/request-password-change">Change password</Link>
        </dd>
      </div>
    </dl>
    {info.tier === 'exclusive' ? (
      <p>
        Your plan includes a lesson with a teacher every quarter:{' '}
        <Link to="/teacher-lessons">book your teacher lesson</Link>.
      </p>
    ) : null}
    <PracticeRemindersForm />
    <DownloadMyData />
  </div>
);

const SubscriptionTab = ({ info }: { info: CustomerInfo }) => {
  const dispatch = useDispatch();
  const { subscriptionAction } = useSelector(selectAccount);
  const [confirmed, setConfirmed] = useState(false);
  const section = subscriptionSectionOf(info);
  const busy = subscriptionAction === 'opening-portal' || subscriptionAction === 'canceling';
  return (
    <div className="stack">
      <dl className="account-facts">
        {section.facts.map((fact) => (
          <div key={fact.term}>
            <dt>{fact.term}</dt>
            <dd>
              {fact.date && fact.term !== 'Next charge' ? (
                <time dateTime={fact.date.toISOString()}>{fact.value}</time>
              ) : (
                fact.value
              )}
            </dd>
          </div>
        ))}
      </dl>
      {section.showPricingLink ? (
        <p>
          You practise on the free plan. <Link to="/pricing">See our plans</Link> for unlimited lessons.
        </p>
      ) : null}
      {section.showManageButton ? (
        <div>
          <Button variant="secondary" disabled={busy} onClick={() => dispatch(manageSubscriptionClicked())}>
            Manage subscription
          </Button>
        </div>
      ) : null}
      {section.cancel.kind === 'canceled' ? (
        <div className="account-notice">
          <p>{section.cancel.message}</p>
          {section.cancel.usableUntil ? (
            <p>
              You can use it until{' '}
              <time dateTime={section.cancel.usableUntil.toISOString()}>
                {formatUsableUntil(section.cancel.usableUntil)}
              </time>
              .
            </p>
          ) : null}
        </div>
      ) : null}
      {section.cancel.kind === 'cancel' ? (
        <section className="account-danger" aria-labelledby="cancel-subscription-title">
          <h3 id="cancel-subscription-title">Cancel subscription</h3>
          <p>Your plan stays usable until the end of the current billing period.</p>
          <CheckboxField name="confirmCancel" checked={confirmed} onChange={setConfirmed}>
            I want to cancel my subscription
          </CheckboxField>
          <Button
            variant="secondary"
            disabled={!confirmed || busy}
            onClick={() => dispatch(cancelSubscriptionConfirmed())}
          >
            Cancel subscription
          </Button>
        </section>
      ) : null}
      {subscriptionAction === 'failed' ? (
        <FormMessage tone="error">Something went wrong. Please try again later.</FormMessage>
      ) : null}
    </div>
  );
};

const DeleteAccountTab = () => {
  const dispatch = useDispatch();
  const { deletion } = useSelector(selectAccount);
  const [phrase, setPhrase] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const result = deleteAccountConfirmationSchema.safeParse({ confirmation: phrase });
    if (!result.success) {
      setErrors(result.error.issues.map((issue) => issue.message));
      return;
    }
    setErrors([]);
    dispatch(accountDeletionConfirmed());
  };
  return (
    <form className="stack" onSubmit={onSubmit} noValidate>
      <p>
        Deleting your account removes your profile, your progress and your practice history for good. A
        running subscription is cancelled at the end of its period.
      </p>
      <TextField
        label="Type 'delete me' to confirm"
        name="confirmation"
        autoComplete="off"
        value={phrase}
        onChange={setPhrase}
        errors={errors}
      />
      <div>
        <Button type="submit" disabled={deletion === 'deleting'}>
          Delete account
        </Button>
      </div>
      {deletion === 'failed' ? <FormMessage tone="error">{DELETION_FAILED_MESSAGE}</FormMessage> : null}
    </form>
  );
};

const TAB_KEYS = ['account', 'subscription', 'delete'] as const;

/** /account-settings: Account, Subscription and Delete your account tabs (product-spec §2). */
export const AccountSettingsPage = () => {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const { load, info, leaveTo, deletion } = useSelector(selectAccount);
  const location = useLocation();
  // The tab lives in the hash, so the reload after cancelling comes back to the Subscription tab.
  const tab = TAB_KEYS.find((key) => `#${key}` === location.hash) ?? 'account';
  const setTab = (key: string) => void navigate({ hash: key }, { replace: true });

  useEffect(() => {
    dispatch(accountSettingsOpened());
  }, [dispatch]);

  useEffect(() => {
    if (!leaveTo) return;
    // After a deletion the start page confirms it: nothing of the account is left to show.
    const flash = deletion === 'deleted' ? ACCOUNT_DELETED_MESSAGE : undefined;
    void navigate(leaveTo, { replace: true, state: flash ? { flash } : undefined });
  }, [leaveTo, deletion, navigate]);

  return (
    <div className="stack">
      {load === 'failed' ? (
        <FormMessage tone="error">Your account could not be loaded. Please try again later.</FormMessage>
      ) : null}
      {info ? (
        <div className="card account-card">
          <Tabs
            label="Account settings"
            selected={tab}
            onSelect={setTab}
            items={[
              { key: 'account', label: 'Account', panel: <AccountTab info={info} /> },
              { key: 'subscription', label: 'Subscription', panel: <SubscriptionTab info={info} /> },
              { key: 'delete', label: 'Delete your account', panel: <DeleteAccountTab /> },
            ]}
          />
        </div>
      ) : load === 'loading' ? (
        <p role="status">Loading your account…</p>
      ) : null}
      <p className="account-contact">
        Questions about your account or subscription? Write to us at{' '}
        <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>.
      </p>
    </div>
  );
};
