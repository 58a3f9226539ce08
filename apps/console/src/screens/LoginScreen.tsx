import { zodResolver } from '@hookform/resolvers/zod';
import { signInSchema } from '@stod/domain';
import { Button } from '@stod/ui/Button.tsx';
import { Field, PasswordField } from '@stod/ui/Field.tsx';
import { Logo } from '@stod/ui/Logo.tsx';
import { Notice } from '@stod/ui/Notice.tsx';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { paths } from '../app/paths.ts';
import { applyLocale, messageText, useLocale } from '../i18n/index.ts';
import { ApiRequestError } from '../lib/api.ts';
import { useSession } from '../lib/session.ts';
import { signIn } from '../lib/staff.ts';

interface Credentials {
  email: string;
  password: string;
}

export function LoginScreen() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const location = useLocation();
  const member = useSession((s) => s.member);
  const form = useForm<Credentials>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: '', password: '' },
  });
  const login = useMutation({
    mutationFn: (values: Credentials) => signIn(values.email, values.password),
    onSuccess: () => {
      const from = (location.state as { from?: string } | null)?.from;
      void navigate(from && from !== paths.login ? from : paths.home, { replace: true });
    },
  });
  if (member && !login.isPending) return <Navigate to={paths.home} replace />;

  const failure = login.error instanceof ApiRequestError ? login.error.apiError : null;
  const message =
    // A customer's account signs in but is no staff member; a disabled one says so itself.
    failure?.code === 'FORBIDDEN'
      ? t('login.notStaff')
      : (failure?.message ?? login.error?.message);
  const err = (name: keyof Credentials) =>
    messageText(form.formState.errors[name]?.message ?? failure?.fieldErrors?.[name]);

  return (
    <main className="flex min-h-dvh items-center justify-center bg-night px-5 py-10">
      <div className="flex w-full max-w-sm flex-col gap-6 rounded-3xl bg-white p-6 shadow-xl sm:p-8">
        <div className="flex items-center justify-between">
          <Logo className="h-9 w-auto" />
          <button
            type="button"
            onClick={() => void applyLocale(locale === 'fo' ? 'en' : 'fo')}
            aria-label={t('console.switchLanguageLabel')}
            className="min-h-11 rounded-xl px-3 text-sm font-medium text-brand-strong hover:bg-brand-soft"
          >
            {t('console.switchLanguage')}
          </button>
        </div>
        <div className="flex flex-col gap-2">
          <h1 className="text-2xl font-semibold text-slate-900">{t('login.title')}</h1>
          <p className="text-base text-slate-600">{t('login.intro')}</p>
        </div>
        {message && (
          <Notice tone="error" testId="login-error">
            {message}
          </Notice>
        )}
        <form
          noValidate
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            login.reset();
            void form.handleSubmit((values) => login.mutate(values))(event);
          }}
        >
          <Field
            label={t('login.email')}
            type="email"
            autoComplete="username"
            error={err('email')}
            {...form.register('email')}
          />
          <PasswordField
            label={t('login.password')}
            autoComplete="current-password"
            showLabel={t('login.showPassword')}
            hideLabel={t('login.hidePassword')}
            error={err('password')}
            {...form.register('password')}
          />
          <Button type="submit" pending={login.isPending}>
            {t('login.submit')}
          </Button>
        </form>
      </div>
    </main>
  );
}
