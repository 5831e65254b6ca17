import type { FieldErrors } from '@stickwork/domain';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../components/button/button';
import { CheckboxField } from '../../components/form/checkbox-field';
import { LoaderOverlay } from '../../components/form/loader-overlay';
import { SelectField } from '../../components/form/select-field';
import { TextField } from '../../components/form/text-field';
import { ArrowLeftIcon } from '../../components/icons/icons';
import { countryOptions } from '../../lib/countries';
import type { PersonalData } from './registration-slice';

interface PersonalDataStepProps {
  value: PersonalData;
  onChange: (value: PersonalData) => void;
  errors: FieldErrors;
  submitting: boolean;
  onBack: () => void;
  onSubmit: () => void;
}

const NewTab = ({ href, children }: { href: string; children: string }) => (
  <a href={href} target="_blank" rel="noopener noreferrer">
    {children}
    <span className="visually-hidden"> (opens in a new tab)</span>
  </a>
);

/** Registration step 2 (product-spec §2): the account fields, the legal boxes and register. */
export const PersonalDataStep = ({
  value,
  onChange,
  errors,
  submitting,
  onBack,
  onSubmit,
}: PersonalDataStepProps) => {
  const countries = useMemo(countryOptions, []);
  const [termsAccepted, setTermsAccepted] = useState(false);
  const [privacyAccepted, setPrivacyAccepted] = useState(false);
  const set = (field: keyof PersonalData) => (text: string) => onChange({ ...value, [field]: text });
  const fieldErrors = (field: keyof PersonalData) => errors[field] ?? [];
  const formRef = useRef<HTMLFormElement>(null);

  // New messages: take the visitor to the first field that needs a fix.
  useEffect(() => {
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (termsAccepted && privacyAccepted && !submitting) onSubmit();
  };

  return (
    <section className="card personal-data" aria-labelledby="personal-data-title" aria-busy={submitting}>
      <span className="eyebrow">Step 2: Your account</span>
      <h2 id="personal-data-title">Become the best drummer you can be</h2>
      <form ref={formRef} className="form" onSubmit={submit} noValidate>
        <div className="form__row">
          <TextField
            label="First name"
            name="firstname"
            autoComplete="given-name"
            value={value.firstname}
            onChange={set('firstname')}
            errors={fieldErrors('firstname')}
          />
          <TextField
            label="Last name"
            name="lastname"
            autoComplete="family-name"
            value={value.lastname}
            onChange={set('lastname')}
            errors={fieldErrors('lastname')}
          />
        </div>
        <SelectField
          label="Country"
          name="country"
          placeholder="Select a country"
          autoComplete="country"
          options={countries}
          value={value.country}
          onChange={set('country')}
          errors={fieldErrors('country')}
        />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          value={value.email}
          onChange={set('email')}
          errors={fieldErrors('email')}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          value={value.password}
          onChange={set('password')}
          errors={fieldErrors('password')}
          aria-describedby="password-rules"
        />
        <p id="password-rules" className="personal-data__rules">
          At least 8 characters, with an uppercase and a lowercase letter, 2 digits and a special character,
          no spaces.
        </p>
        <div className="personal-data__legal">
          <CheckboxField name="terms" checked={termsAccepted} onChange={setTermsAccepted}>
            I accept the <NewTab href="/terms-and-conditions">terms and conditions</NewTab>.
          </CheckboxField>
          <CheckboxField name="privacy" checked={privacyAccepted} onChange={setPrivacyAccepted}>
            I have read the <NewTab href="/privacy-policy">privacy policy</NewTab> and agree to the processing
            of my data.
          </CheckboxField>
        </div>
        <div className="form__actions">
          <Button variant="secondary" onClick={onBack} disabled={submitting}>
            <ArrowLeftIcon size={20} /> Back
          </Button>
          <Button type="submit" size="lg" disabled={!termsAccepted || !privacyAccepted || submitting}>
            Register
          </Button>
        </div>
        <p className="register__note">You won't be charged.</p>
      </form>
      {submitting ? <LoaderOverlay label="Creating your account…" /> : null}
    </section>
  );
};
