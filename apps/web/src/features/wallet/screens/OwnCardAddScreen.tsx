import { zodResolver } from '@hookform/resolvers/zod';
import { ownCardAddSchema } from '@stod/domain';
import { IdCard } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { z } from 'zod';
import { messageText } from '../../../i18n/index.ts';
import { applyApiError, useFormErrorToast } from '../../../lib/forms.ts';
import { Button } from '@stod/ui/Button.tsx';
import { Field } from '@stod/ui/Field.tsx';
import { Screen } from '@stod/ui/Screen.tsx';
import { showToast } from '@stod/ui/toast-store.ts';
import { useAddOwnCard } from '../api/add-own-card.ts';
import { groupCardNumber } from '../card-format.ts';
import { OwnCardProof, type Proof } from '../components/OwnCardProof.tsx';
import { flowForPath } from '../paths.ts';

type Input = z.input<typeof ownCardAddSchema>;
type Output = z.output<typeof ownCardAddSchema>;

/**
 * `…/{own-card}/add` (profile and registration): an existing provider card by its number, proven
 * with the PIN on its carrier or a code sent to its holder.
 */
export function OwnCardAddScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const flow = flowForPath(useLocation().pathname);
  const add = useAddOwnCard();
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(ownCardAddSchema),
    defaultValues: { cardNumber: '', name: '', pin: '', code: '' },
  });
  const [proof, setProof] = useState<Proof>('pin');
  const { errors } = form.formState;
  const cardNumber = form.register('cardNumber');
  const toast = useFormErrorToast(Object.keys(errors).length);

  const onSubmit = form.handleSubmit((values) => {
    add.mutate(values, {
      onSuccess: (card) => {
        showToast('success', t('ownCard.added'));
        void navigate(flow.ownCardAddDone, { replace: true, state: { paymentMethodId: card.id } });
      },
      onError: (error) =>
        applyApiError(error, form.setError, ['cardNumber', 'name', 'pin', 'code'], toast.show),
    });
  });

  return (
    <Screen>
      <div className="flex items-start gap-4">
        <span
          aria-hidden="true"
          className="flex size-12 shrink-0 items-center justify-center rounded-2xl bg-brand-soft text-brand-strong"
        >
          <IdCard size={24} />
        </span>
        <p className="text-base text-slate-700">{t('ownCard.addIntro')}</p>
      </div>
      <form
        onSubmit={(e) => void onSubmit(e)}
        noValidate
        className="flex flex-col gap-4"
        data-testid="own-card-add-form"
      >
        <Field
          label={t('field.cardNumber')}
          inputMode="numeric"
          autoComplete="off"
          placeholder="7077 0000 0000 0000"
          maxLength={23}
          className="[&_input]:font-mono [&_input]:tracking-wider"
          error={messageText(errors.cardNumber?.message)}
          {...cardNumber}
          onChange={(event) => {
            event.target.value = groupCardNumber(event.target.value);
            void cardNumber.onChange(event);
          }}
        />
        <Field
          label={t('field.cardName')}
          autoComplete="off"
          hint={t('ownCard.nameHint')}
          error={messageText(errors.name?.message)}
          {...form.register('name')}
        />
        <OwnCardProof form={form} proof={proof} onProofChange={setProof} toast={toast.show} />
        <Button type="submit" pending={add.isPending}>
          {t('ownCard.addSubmit')}
        </Button>
      </form>
    </Screen>
  );
}
