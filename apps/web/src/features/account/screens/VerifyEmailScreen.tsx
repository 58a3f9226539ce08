import { zodResolver } from '@hookform/resolvers/zod';
import { emailChangeSchema } from '@stod/domain';
import { MailOpen } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { messageText } from '../../../i18n/index.ts';
import { apiErrorOf } from '../../../lib/api-error.ts';
import { setCurrentUser } from '../../../lib/current-user.ts';
import { paths } from '../../../lib/paths.ts';
import { Button } from '@stod/ui/Button.tsx';
import { Screen } from '@stod/ui/Screen.tsx';
import { showToast } from '@stod/ui/toast-store.ts';
import { useRequestEmailChange, useUpdateEmail } from '../../../lib/email-code.ts';
import { EmailCodeField } from '../../../lib/email-code-field.tsx';

type Input = z.input<typeof emailChangeSchema>;
type Output = z.output<typeof emailChangeSchema>;

/** `/profile/user/verify-email/{email}`: the code entry step of the e-mail change. */
export function VerifyEmailScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const email = useParams().email ?? '';
  const update = useUpdateEmail();
  const resend = useRequestEmailChange();
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(emailChangeSchema),
    defaultValues: { email, token: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    update.mutate(values, {
      onSuccess: (user) => {
        setCurrentUser(user);
        showToast('success', t('verify.changed'));
        void navigate(paths.profileUser, { replace: true });
      },
      onError: (error) => {
        // A wrong code can be typed again; anything else ends on the failure screen.
        const wrongCode = apiErrorOf(error).fieldErrors?.token;
        if (wrongCode) form.setError('token', { type: 'server', message: wrongCode });
        else void navigate(paths.verifyEmailFailure, { replace: true });
      },
    });
  });

  const onResend = () => {
    resend.mutate(
      { email },
      {
        onSuccess: () => showToast('info', t('verify.resent')),
        onError: (error) => showToast('error', apiErrorOf(error).message),
      },
    );
  };

  return (
    <Screen>
      <div className="flex flex-col items-center gap-4 pt-4 text-center">
        <span
          aria-hidden="true"
          className="flex size-16 items-center justify-center rounded-3xl bg-brand-soft text-brand-strong"
        >
          <MailOpen size={28} />
        </span>
        <p className="max-w-xs text-base break-words text-slate-700">
          {t('verify.intro', { email })}
        </p>
      </div>
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-col gap-4">
        <EmailCodeField
          label={t('field.code')}
          error={messageText(errors.token?.message ?? errors.email?.message)}
          {...form.register('token')}
        />
        <Button type="submit" pending={update.isPending}>
          {t('verify.submit')}
        </Button>
        <Button variant="ghost" pending={resend.isPending} onClick={onResend}>
          {t('verify.resend')}
        </Button>
      </form>
    </Screen>
  );
}
