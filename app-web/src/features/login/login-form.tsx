import { useEffect, useState, type FormEvent } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Link, useNavigate } from 'react-router-dom';
import { Button } from '../../components/button/button';
import { TextField } from '../../components/form/text-field';
import { PRACTICE_HOME } from '../../lib/session/route-access';
import { opened, selectLoginErrors, selectLoginStatus, submitted } from './login-slice';

/** Login (product-spec §2): Email, Password, the two links and the login button. */
export const LoginForm = () => {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const status = useSelector(selectLoginStatus);
  const errors = useSelector(selectLoginErrors);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  useEffect(() => {
    dispatch(opened());
  }, [dispatch]);

  useEffect(() => {
    if (status === 'succeeded') void navigate(PRACTICE_HOME, { replace: true });
  }, [status, navigate]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    dispatch(submitted({ email, password }));
  };

  return (
    <section className="card" aria-labelledby="login-form-title">
      <h2 id="login-form-title" className="visually-hidden">
        Log in with your email
      </h2>
      <form className="form" onSubmit={submit} noValidate>
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={setEmail}
          errors={errors.email ?? []}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
          errors={errors.password ?? []}
        />
        <div className="form__actions">
          <div className="link-row link-row--tight">
            <Link to="/register">No account?</Link>
            <Link to="/request-password-change">Forgot your password?</Link>
          </div>
          <Button type="submit" size="lg" disabled={status !== 'editing'}>
            Login
          </Button>
        </div>
      </form>
    </section>
  );
};
