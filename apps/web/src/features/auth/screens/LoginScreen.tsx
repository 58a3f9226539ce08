import type { SignInInput } from '@stod/domain';
import { MapPin, UtensilsCrossed } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { BRAND } from '../../../config.ts';
import { messageText } from '../../../i18n/index.ts';
import { startSession } from '../../../lib/current-user.ts';
import { useLightForm, type LazyFormSchema } from '../../../lib/light-form.ts';
import { paths, registerPathFor, safeRedirect } from '../../../lib/paths.ts';
import { useRouteMeta } from '../../../lib/route-meta.ts';
import { isNativePlatform } from '../../../platform/capacitor.ts';
import { Button } from '@stod/ui/Button.tsx';
import { Field, PasswordField } from '@stod/ui/Field.tsx';
import { ListGroup, ListItem } from '@stod/ui/ListItem.tsx';
import { Logo } from '@stod/ui/Logo.tsx';
import { Screen } from '@stod/ui/Screen.tsx';
import { signIn } from '../api/sign-in.ts';
import { LanguageToggle } from '../components/LanguageToggle.tsx';

const fields = ['email', 'password'] as const;
const loadSchema = (): Promise<LazyFormSchema<SignInInput>> =>
  import('../schemas.ts').then((m) => m.signInSchema);

const linkClass =
  'inline-flex min-h-11 items-center font-semibold text-brand-strong underline-offset-4';

/**
 * `/` and `/login`: the same form; `/` opens the app with the brand, `/login` has a header.
 * Its first paint is budgeted, so it uses the light form (see lib/light-form.ts).
 */
export function LoginScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const isStart = useRouteMeta().name === 'start';
  const form = useLightForm(fields, loadSchema);

  const onSubmit = form.handleSubmit(async (values) => {
    const [data, error] = await signIn(values);
    if (error) {
      const fieldErrors = {
        email: error.fieldErrors?.email,
        password: error.fieldErrors?.password,
      };
      if (!fieldErrors.email && !fieldErrors.password) form.showError(error.message);
      return fieldErrors;
    }
    const [, userError] = await startSession(data.access_token);
    if (userError) {
      form.showError(userError.message);
      return undefined;
    }
    await navigate(safeRedirect(params.get('redirect')), { replace: true });
    return undefined;
  });

  return (
    <div className="flex flex-1 flex-col">
      {isStart && (
        <div className="flex flex-col gap-3 bg-brand px-6 pt-[calc(env(safe-area-inset-top)+1.5rem)] pb-10 text-white">
          <div className="flex items-center justify-between">
            <Logo inverse className="size-12" />
            <LanguageToggle />
          </div>
          <h1 className="mt-6 text-3xl font-bold tracking-tight">{t('login.welcome')}</h1>
          <p className="text-base text-white/90">{t('login.intro')}</p>
        </div>
      )}
      <Screen className={isStart ? '-mt-5 rounded-t-3xl bg-surface pt-7' : ''}>
        {!isStart && (
          <div className="flex items-center gap-3">
            <Logo className="size-10" />
            <p className="text-lg font-semibold text-slate-900">{BRAND.name}</p>
          </div>
        )}
        <form
          onSubmit={(e) => void onSubmit(e)}
          onFocus={form.prefetch}
          noValidate
          className="flex flex-col gap-4"
          data-testid="login-form"
        >
          <Field
            name="email"
            label={t('field.email')}
            type="email"
            autoComplete="username"
            inputMode="email"
            error={messageText(form.errors.email)}
            onChange={() => form.clearError('email')}
          />
          <PasswordField
            name="password"
            label={t('field.password')}
            autoComplete="current-password"
            showLabel={t('common.showPassword')}
            hideLabel={t('common.hidePassword')}
            error={messageText(form.errors.password)}
            onChange={() => form.clearError('password')}
          />
          <div className="-mt-1 flex justify-end">
            <Link to={paths.forgotPassword} className={`${linkClass} text-sm hover:underline`}>
              {t('login.forgot')}
            </Link>
          </div>
          <Button type="submit" pending={form.submitting}>
            {t('login.submit')}
          </Button>
        </form>
        <p className="text-center text-base text-slate-700">
          {t('login.noAccount')}{' '}
          {/* A guest sent here on the way somewhere registers on the way there too. */}
          <Link to={registerPathFor(params.get('redirect'))} className={`${linkClass} underline`}>
            {t('login.register')}
          </Link>
        </p>
        {!isNativePlatform() && (
          <ListGroup title={t('login.guestTitle')}>
            <ListItem
              to={paths.foodOrder}
              label={t('login.foodOrder')}
              icon={<UtensilsCrossed size={20} />}
            />
            <ListItem to={paths.stations} label={t('login.stations')} icon={<MapPin size={20} />} />
          </ListGroup>
        )}
      </Screen>
    </div>
  );
}
