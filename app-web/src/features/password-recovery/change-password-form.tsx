import { useEffect, useState, type FormEvent } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Link, useNavigate } from 'react-router-dom';
import { Button } from '../../components/button/button';
import { FormMessage } from '../../components/form/form-message';
import { TextField } from '../../components/form/text-field';
import { changeSubmitted, opened, selectPasswordChange } from './password-recovery-slice';

/** Change password (product-spec §2): the new password for the mailed secret, then logged in at /. */
export const ChangePasswordForm = ({ secret }: { secret: string | null }) => {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const change = useSelector(selectPasswordChange);
  const [password, setPassword] = useState('');

  useEffect(() => {
    dispatch(opened());
  }, [dispatch]);

  useEffect(() => {
    if (change.status === 'loggedIn') void navigate('/', { replace: true });
  }, [change.status, navigate]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    dispatch(changeSubmitted({ secret: secret ?? '', password }));
  };

  const busy = change.status === 'submitting' || change.status === 'changed' || change.status === 'loggedIn';
  return (
    <section className="card" aria-label="Choose a new password">
      <form className="form" onSubmit={submit} noValidate>
        <TextField
          label="New password"
          name="password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={setPassword}
          errors={change.passwordError ? [change.passwordError] : []}
        />
        <div className="form__actions form__actions--end">
          <Button type="submit" disabled={busy}>
            Change Password
          </Button>
        </div>
        {change.message ? (
          <FormMessage tone={change.status === 'failed' ? 'error' : 'success'}>{change.message}</FormMessage>
        ) : null}
      </form>
      {change.status === 'failed' ? (
        <div className="link-row">
          <Link to="/request-password-change">Request a new password email</Link>
        </div>
      ) : null}
    </section>
  );
};
