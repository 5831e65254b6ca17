import type { ActionCreatorWithPayload, ActionCreatorWithoutPayload, PayloadAction } from '@reduxjs/toolkit';
import { emailQuerySchema, fieldErrors, type FieldErrors } from '@stickwork/domain';
import { call, put } from 'redux-saga/effects';
import { apiRequest } from './api-client';

/**
 * "Send me a mail" forms (a new verification mail, a password recovery mail): one email field,
 * validated like the server does, then the server's answer as a sentence under the field.
 */
export interface MailRequestState {
  status: 'idle' | 'sending' | 'sent' | 'failed';
  message: string | null;
  fieldErrors: FieldErrors;
}

export const initialMailRequest: MailRequestState = { status: 'idle', message: null, fieldErrors: {} };

/** The case reducers of a feature slice that keeps its mail request under `request`. */
export const mailRequestReducers = <State extends { request: MailRequestState }>() => ({
  mailRequested: (_state: State, _action: PayloadAction<{ email: string }>) => {},
  mailRejected: (state: State, action: PayloadAction<FieldErrors>) => {
    state.request = { status: 'idle', message: null, fieldErrors: action.payload };
  },
  mailRequestSent: (state: State) => {
    state.request = { status: 'sending', message: null, fieldErrors: {} };
  },
  mailSent: (state: State, action: PayloadAction<string>) => {
    state.request = { status: 'sent', message: action.payload, fieldErrors: {} };
  },
  mailFailed: (state: State, action: PayloadAction<string>) => {
    state.request = { status: 'failed', message: action.payload, fieldErrors: {} };
  },
});

export interface MailRequestActions {
  mailRejected: ActionCreatorWithPayload<FieldErrors>;
  mailRequestSent: ActionCreatorWithoutPayload;
  mailSent: ActionCreatorWithPayload<string>;
  mailFailed: ActionCreatorWithPayload<string>;
}

export interface MailRequest {
  /** The API path that sends the mail to `email`. */
  path: (email: string) => string;
  /** What to say when it was sent. */
  sent: (email: string) => string;
  /** What to say when the server refused or could not be reached. */
  failed: (error: unknown, email: string) => string;
}

/** Validates the email, asks the server for the mail and reports the outcome to the slice. */
export function* requestMail(actions: MailRequestActions, input: unknown, request: MailRequest) {
  const validation = fieldErrors(emailQuerySchema, input);
  if (!validation.ok) {
    yield put(actions.mailRejected(validation.errors));
    return;
  }
  const { email } = validation.value;
  yield put(actions.mailRequestSent());
  try {
    yield call(apiRequest, request.path(email), { token: null });
    yield put(actions.mailSent(request.sent(email)));
  } catch (error) {
    yield put(actions.mailFailed(request.failed(error, email)));
  }
}
