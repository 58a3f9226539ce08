import { zodResolver } from '@hookform/resolvers/zod';
import { registerSchema } from '@stod/domain';
import { useForm, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { currentLocale, messageText } from '../../../i18n/index.ts';
import { startSession } from '../../../lib/current-user.ts';
import { applyApiError, focusFirstError, useFormErrorToast } from '../../../lib/forms.ts';
import { loginPathFor, paths, safeRedirect } from '../../../lib/paths.ts';
import { keepReturnPath } from '../../../lib/return-path.ts';
import { saveUserLocale } from '../../../lib/user-locale.ts';
import { Button } from '@stod/ui/Button.tsx';
import { ContactFields } from '@stod/ui/ContactFields.tsx';
import { CheckboxField, Field, PasswordField } from '@stod/ui/Field.tsx';
import { Screen } from '@stod/ui/Screen.tsx';
import { showToast } from '@stod/ui/toast-store.ts';
import { useRegisterUser } from '../api/register.ts';
import { TermsLink } from '../components/TermsLink.tsx';

type Input = z.input<typeof registerSchema>;
type Output = z.output<typeof registerSchema>;

const fields: Path<Input>[] = [
  'name',
  'address',
  'postCode',
  'city',
  'mobile',
  'email',
  'password',
  'passwordConfirmation',
  'terms',
];

/** Step 1 of registration; the payment-method steps come with the wallet issue. */
export function RegisterScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // Where the guest was going (an invitation's link): registration ends there.
  const redirect = params.get('redirect');
  const register = useRegisterUser();
  const form = useForm<Input, unknown, Output>({
    shouldFocusError: false,
    resolver: zodResolver(registerSchema),
    defaultValues: {
      name: '',
      address: '',
      postCode: '',
      city: '',
      mobile: '',
      email: '',
      password: '',
      passwordConfirmation: '',
      // The schema wants the literal true; an unticked box is false and fails with its message.
      terms: false as unknown as true,
    },
  });
  const { errors } = form.formState;
  const err = (field: keyof Input) => messageText(errors[field]?.message);
  const toast = useFormErrorToast(Object.keys(errors).length);

  const onSignedUp = async (token: string) => {
    await startSession(token);
    keepReturnPath(redirect);
    // The account was made in this language: its e-mails should use it too.
    await saveUserLocale(currentLocale());
    showToast('success', t('register.created'));
    await navigate(paths.registerPaymentMethod, { replace: true });
  };

  const onSubmit = form.handleSubmit(
    (values) => {
      register.mutate(values, {
        onSuccess: (data) => void onSignedUp(data.access_token),
        onError: (error) => applyApiError(error, form.setError, fields, toast.show),
      });
    },
    (invalid) => focusFirstError(fields, invalid, form.setFocus),
  );

  return (
    <Screen>
      <p className="text-base text-slate-700">{t('register.intro')}</p>
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-col gap-4">
        <ContactFields field={(name) => ({ ...form.register(name), error: err(name) })} />
        <Field
          label={t('field.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          error={err('email')}
          {...form.register('email')}
        />
        <PasswordField
          label={t('field.password')}
          autoComplete="new-password"
          hint={t('field.passwordHint')}
          showLabel={t('common.showPassword')}
          hideLabel={t('common.hidePassword')}
          error={err('password')}
          {...form.register('password')}
        />
        <PasswordField
          label={t('field.passwordConfirmation')}
          autoComplete="new-password"
          showLabel={t('common.showPassword')}
          hideLabel={t('common.hidePassword')}
          error={err('passwordConfirmation')}
          {...form.register('passwordConfirmation')}
        />
        <CheckboxField
          label={
            <>
              {t('register.termsPrefix')} <TermsLink />
            </>
          }
          error={err('terms')}
          {...form.register('terms')}
        />
        {/* Once the account is made, the screen is on its way to the next step. */}
        <Button type="submit" pending={register.isPending || register.isSuccess}>
          {t('register.submit')}
        </Button>
      </form>
      <p className="text-center text-base text-slate-700">
        {t('register.haveAccount')}{' '}
        <Link
          to={redirect ? loginPathFor(safeRedirect(redirect)) : paths.login}
          className="inline-flex min-h-11 items-center font-semibold text-brand-strong underline underline-offset-4"
        >
          {t('login.submit')}
        </Link>
      </p>
    </Screen>
  );
}
