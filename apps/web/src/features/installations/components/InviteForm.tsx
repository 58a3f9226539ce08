import { zodResolver } from '@hookform/resolvers/zod';
import { invitationCreateSchema } from '@stod/domain';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { messageText } from '../../../i18n/index.ts';
import { applyApiError, useFormErrorToast } from '../../../lib/forms.ts';
import { Button } from '@stod/ui/Button.tsx';
import { CardSection } from '@stod/ui/CardSection.tsx';
import { Field } from '@stod/ui/Field.tsx';
import { showToast } from '@stod/ui/toast-store.ts';
import { useCreateInvitation } from '../api/create-invitation.ts';

type Input = z.input<typeof invitationCreateSchema>;
type Output = z.output<typeof invitationCreateSchema>;

/**
 * The owner invites someone by e-mail. The address is checked as every e-mail field is; the
 * server's refusals (an invitation already waiting, access already given, the owner's own
 * address) go under the field, anything else (too many waiting) is a toast.
 */
export function InviteForm({ installationId }: { installationId: string }) {
  const { t } = useTranslation();
  const invite = useCreateInvitation();
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(invitationCreateSchema),
    defaultValues: { installationId, email: '' },
  });
  const { errors } = form.formState;
  const toast = useFormErrorToast(Object.keys(errors).length);

  const onSubmit = form.handleSubmit((values) => {
    invite.mutate(values, {
      onSuccess: (invitation) => {
        form.reset({ installationId, email: '' });
        showToast('success', t('installations.invited', { email: invitation.email }));
      },
      onError: (error) => applyApiError(error, form.setError, ['email'], toast.show),
    });
  });

  return (
    <CardSection title={t('installations.inviteTitle')}>
      <p className="-mt-2 text-base text-slate-700">{t('installations.inviteText')}</p>
      <form
        onSubmit={(e) => void onSubmit(e)}
        noValidate
        className="flex flex-col gap-4"
        data-testid="invite-form"
      >
        <Field
          label={t('field.email')}
          type="email"
          inputMode="email"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          enterKeyHint="send"
          error={messageText(errors.email?.message)}
          {...form.register('email')}
        />
        <Button type="submit" pending={invite.isPending}>
          {t('installations.inviteSubmit')}
        </Button>
      </form>
    </CardSection>
  );
}
