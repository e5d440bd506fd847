import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { authEndpoints, type LoginData } from '@console/contract/http/auth';
import { API_STATUS, invalidData } from '@console/contract/http/envelope';
import { isValidPhone } from '@console/contract/http/fields';
import { AREA_CODES, defaultDialCode } from '../components/dial-code.ts';
import { call, CallFailure } from './api.ts';
import { completeSignIn, type SignInKind } from './complete-sign-in.ts';
import { useSignIn } from './context.ts';
import { messageText, type Translate } from './texts.ts';

type FieldName = 'account' | 'password' | 'areaCode' | 'code';
type Values = Record<FieldName, string>;
type Errors = Partial<Record<FieldName, string>>;

/** The seconds before another code may be sent (the server's pace for codes to one number). */
const CODE_PACE_SECONDS = 60;

/** Whether a refused sign-in asks for a verification code (status 428, or a wrong password that tipped it). */
function codeDemand(error: unknown): 'required' | 'next' | null {
  if (!(error instanceof CallFailure)) return null;
  if (error.status === API_STATUS.codeRequired) return 'required';
  return (error.data as { codeRequired?: boolean } | null)?.codeRequired ? 'next' : null;
}

/**
 * The problems of the form, as the console's form found them (components/schema-form.tsx, phone-field.tsx): the
 * endpoint's own schema, the server's, with its message keys; then the number checked against its area code.
 */
function problems(kind: SignInKind, values: Values, withCode: boolean, t: Translate): Errors {
  const schema = kind === 'dashboard' ? authEndpoints.loginForDashboard.query : authEndpoints.login.query;
  const errors: Errors = {};
  const result = schema.safeParse({ ...values, code: withCode ? values.code : undefined });
  for (const issue of result.success ? [] : result.error.issues) {
    const name = String(issue.path[0] ?? '') as FieldName;
    if (name in values && !errors[name]) errors[name] = messageText(t, issue.message);
  }
  if (!errors.account && !isValidPhone(values.account.trim(), values.areaCode)) {
    errors.account = messageText(t, 'validation.phone');
  }
  return errors;
}

/** The server's "invalid input" answer on the fields it names (its `mobile` is this form's `account`), if all are here. */
function serverFieldErrors(error: unknown, t: Translate): Errors | null {
  if (!(error instanceof CallFailure)) return null;
  const parsed = invalidData.safeParse(error.data);
  if (!parsed.success || parsed.data.issues.length === 0) return null;
  const errors: Errors = {};
  for (const issue of parsed.data.issues) {
    const field = issue.path.split('.')[0]!;
    const name = (field === 'mobile' ? 'account' : field) as FieldName;
    if (!['account', 'password', 'areaCode', 'code'].includes(name)) return null;
    // A key this page does not carry: the server's message says it, in the request's language.
    errors[name] = messageText(t, issue.message, error.message);
  }
  return errors;
}

/**
 * Account and password, and the verification code once the server asks for one (after repeated wrong passwords, or
 * from an address the account has not used). Used by /login and /loginForDashboard.
 */
export function PasswordForm({ kind }: { kind: SignInKind }) {
  const { t, lang, brand, signedIn } = useSignIn();
  const id = useId();
  const dialCode = defaultDialCode(brand.info);
  const codes = AREA_CODES.includes(dialCode) ? AREA_CODES : [dialCode, ...AREA_CODES];
  const [values, setValues] = useState<Values>({ account: '', password: '', areaCode: dialCode, code: '' });
  const [checked, setChecked] = useState<ReadonlySet<FieldName>>(new Set());
  const [serverErrors, setServerErrors] = useState<Errors>({});
  const [refusal, setRefusal] = useState('');
  const [codeReason, setCodeReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [showPassword, setShowPassword] = useState(false);

  const found = problems(kind, values, !!codeReason, t);
  const errorOf = (name: FieldName) => serverErrors[name] ?? (checked.has(name) ? found[name] : undefined);

  const change = (name: FieldName, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    // A field is checked as the user edits it; the number again when its area code changes.
    setChecked((c) => new Set([...c, name === 'areaCode' ? 'account' : name]));
    setServerErrors(({ [name]: _edited, ...rest }) => rest);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setRefusal('');
    setServerErrors({});
    setChecked(new Set(['account', 'password', 'areaCode', 'code']));
    const first = (['areaCode', 'account', 'password', 'code'] as const).find((name) => found[name]);
    if (first) {
      document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    setBusy(true);
    const query = {
      account: values.account.trim(),
      password: values.password,
      areaCode: values.areaCode,
      appid: brand.appid,
      code: codeReason ? values.code.trim() : undefined,
    };
    try {
      let login: LoginData;
      if (kind === 'dashboard') login = await call(authEndpoints.loginForDashboard, query, { lang });
      else login = await call(authEndpoints.login, { ...query, changeBindAppid: 1 }, { lang });
      await completeSignIn(login, kind, lang, t);
      // The button stays busy until the console has replaced this page.
      signedIn(kind);
    } catch (error) {
      setBusy(false);
      const demand = codeDemand(error);
      if (demand) setCodeReason(demand === 'required' ? (error as CallFailure).message : t('auth:login.codeNeeded'));
      // The demand for a code is shown above the form, not as a refusal.
      if (demand === 'required') return;
      const onFields = serverFieldErrors(error, t);
      if (onFields) setServerErrors(onFields);
      else setRefusal((error instanceof Error && error.message) || t('common:requestError'));
    }
  };

  const field = (name: FieldName) => ({
    id: `${id}-${name}`,
    'aria-invalid': errorOf(name) ? true : undefined,
    'aria-describedby': errorOf(name) ? `${id}-${name}-error` : undefined,
  });
  const errorLine = (name: FieldName) =>
    errorOf(name) && (
      <div id={`${id}-${name}-error`} role="alert" className="si-error">
        {errorOf(name)}
      </div>
    );

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="si-form">
      {codeReason && (
        <div role="alert" className="si-alert si-alert-warning">
          {codeReason}
        </div>
      )}
      <div className="si-field">
        <label htmlFor={`${id}-account`}>
          <span className="required-star" />
          {t('auth:fields.account')}
        </label>
        <div className="si-compact">
          <select
            aria-label={t('auth:fields.areaCode')}
            value={values.areaCode}
            onChange={(event) => change('areaCode', event.target.value)}
            className="si-input si-area"
          >
            {codes.map((code) => (
              <option key={code} value={code}>{`+${code}`}</option>
            ))}
          </select>
          <input
            {...field('account')}
            className="si-input"
            inputMode="tel"
            autoComplete="username"
            value={values.account}
            onChange={(event) => change('account', event.target.value)}
          />
        </div>
        {errorLine('account')}
      </div>
      <div className="si-field">
        <label htmlFor={`${id}-password`}>
          <span className="required-star" />
          {t('auth:fields.password')}
        </label>
        <div className="si-compact">
          <input
            {...field('password')}
            className="si-input"
            type={showPassword ? 'text' : 'password'}
            autoComplete="current-password"
            value={values.password}
            onChange={(event) => change('password', event.target.value)}
          />
          <button
            type="button"
            className="si-eye"
            aria-label={t('auth:fields.showPassword')}
            aria-pressed={showPassword}
            onClick={() => setShowPassword((s) => !s)}
          >
            <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" fill="none" stroke="currentColor">
              <path strokeWidth="2" d="M2 12s4-7 10-7 10 7 10 7-4 7-10 7S2 12 2 12Z" />
              <circle strokeWidth="2" cx="12" cy="12" r="3" />
              {!showPassword && <path strokeWidth="2" d="M4 4l16 16" />}
            </svg>
          </button>
        </div>
        {errorLine('password')}
      </div>
      {codeReason && (
        <CodeField
          inputProps={field('code')}
          value={values.code}
          onChange={(value) => change('code', value)}
          error={errorLine('code')}
          send={async () => {
            setChecked((c) => new Set([...c, 'account', 'areaCode']));
            if (found.account || found.areaCode) throw new Error('invalid number');
            try {
              await call(
                authEndpoints.code,
                { mobile: values.account.trim(), areaCode: values.areaCode, appid: brand.appid, type: 'login' },
                { lang },
              );
            } catch (error) {
              const onFields = serverFieldErrors(error, t);
              if (onFields) setServerErrors(onFields);
              else setRefusal((error instanceof Error && error.message) || t('common:requestError'));
              throw error;
            }
          }}
        />
      )}
      {refusal && (
        <div role="alert" className="si-alert si-alert-error">
          {refusal}
        </div>
      )}
      <button type="submit" className="si-submit" disabled={busy} aria-busy={busy}>
        {kind === 'dashboard' ? t('auth:dashboardLogin.submit') : t('auth:login.submit')}
      </button>
    </form>
  );
}

/** The verification code (`code`) with its "send code" button, which then waits 60 s before another send. */
function CodeField({
  inputProps,
  value,
  onChange,
  error,
  send,
}: {
  inputProps: { id: string };
  value: string;
  onChange: (value: string) => void;
  error: ReactNode;
  send: () => Promise<void>;
}) {
  const { t } = useSignIn();
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);

  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  const press = async () => {
    setSending(true);
    setSent(false);
    try {
      await send();
      setSent(true);
      setLeft(CODE_PACE_SECONDS);
    } catch {
      // The form shows why (on the number, or as the server's refusal).
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="si-field">
      <label htmlFor={inputProps.id}>
        <span className="required-star" />
        {t('auth:fields.code')}
      </label>
      <div className="si-compact">
        <input
          {...inputProps}
          className="si-input"
          maxLength={6}
          inputMode="numeric"
          autoComplete="one-time-code"
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
        <button
          type="button"
          className="si-button"
          disabled={sending || left > 0}
          aria-busy={sending}
          onClick={() => void press()}
        >
          {left > 0 ? t('components:countdown.wait', { seconds: left }) : t('auth:code.send')}
        </button>
      </div>
      {error}
      <div role="status" className="si-note">
        {sent ? t('auth:code.sent') : ''}
      </div>
    </div>
  );
}
