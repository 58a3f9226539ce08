import { zodResolver } from '@hookform/resolvers/zod';
import { voucherRedeemSchema } from '@stod/domain';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { messageText } from '../../../i18n/index.ts';
import { apiErrorOf } from '../../../lib/api-error.ts';
import { useFormErrorToast } from '../../../lib/forms.ts';
import { Button } from '@stod/ui/Button.tsx';
import { Field } from '@stod/ui/Field.tsx';
import { Section } from '@stod/ui/Section.tsx';
import { showToast } from '@stod/ui/toast-store.ts';
import { useRedeemVoucher } from '../api/redeem-voucher.ts';
import { redeemFailureText } from '../voucher-state.ts';

type Input = z.input<typeof voucherRedeemSchema>;
type Output = z.output<typeof voucherRedeemSchema>;

/**
 * One field for PIN and premium codes. The server's reasons (unknown, used, expired) go under
 * the field; anything else (no network, too many tries) is a toast. A failure changes nothing.
 */
export function RedeemForm() {
  const { t } = useTranslation();
  const redeem = useRedeemVoucher();
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(voucherRedeemSchema),
    defaultValues: { code: '' },
  });
  const { errors } = form.formState;
  const toast = useFormErrorToast(Object.keys(errors).length);

  const onSubmit = form.handleSubmit((values) => {
    redeem.mutate(values, {
      onSuccess: (voucher) => {
        form.reset();
        showToast('success', t('vouchers.redeemed', { name: voucher.name }));
      },
      onError: (error) => {
        const apiError = apiErrorOf(error);
        const fieldError = apiError.fieldErrors?.code;
        if (fieldError) {
          form.setError('code', { type: 'server', message: fieldError }, { shouldFocus: true });
        } else {
          toast.show(redeemFailureText(t('vouchers.redeemFailed'), apiError.message));
        }
      },
    });
  });

  return (
    <Section title={t('vouchers.redeemTitle')}>
      <form
        onSubmit={(e) => void onSubmit(e)}
        noValidate
        className="flex flex-col gap-4 rounded-2xl bg-white p-4 ring-1 ring-slate-200"
        data-testid="voucher-redeem-form"
      >
        <Field
          label={t('vouchers.codeLabel')}
          autoComplete="off"
          autoCapitalize="characters"
          autoCorrect="off"
          spellCheck={false}
          enterKeyHint="done"
          hint={t('vouchers.codeHint')}
          error={messageText(errors.code?.message)}
          {...form.register('code')}
        />
        <Button type="submit" pending={redeem.isPending}>
          {t('vouchers.redeem')}
        </Button>
      </form>
    </Section>
  );
}
