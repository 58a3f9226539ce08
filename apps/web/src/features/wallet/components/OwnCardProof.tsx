import {
  normaliseDigits,
  ownCardChannels,
  type OwnCardChannel,
  type OwnCardCodeSent,
  type ownCardAddSchema,
} from '@stod/domain';
import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { messageText } from '../../../i18n/index.ts';
import { apiErrorOf } from '../../../lib/api-error.ts';
import { applyApiError } from '../../../lib/forms.ts';
import { Button } from '@stod/ui/Button.tsx';
import { cn } from '@stod/ui/cn.ts';
import { Field } from '@stod/ui/Field.tsx';
import { radioItem } from '@stod/ui/radio.ts';
import { useRequestOwnCardCode } from '../api/request-own-card-code.ts';

type Form = UseFormReturn<
  z.input<typeof ownCardAddSchema>,
  unknown,
  z.output<typeof ownCardAddSchema>
>;

export type Proof = 'pin' | 'code';
const proofs: readonly Proof[] = ['pin', 'code'];
const proofLabel = { pin: 'ownCard.proofPin', code: 'ownCard.proofCode' } as const;
const channelLabel = { sms: 'ownCard.sendSms', email: 'ownCard.sendEmail' } as const;

const segment =
  'flex min-h-11 flex-1 items-center justify-center rounded-xl px-2 text-base font-semibold ' +
  'transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand';

/**
 * How the person shows the card is theirs: the PIN printed on the card carrier, or a code the
 * card's issuer sends to the holder's registered phone or e-mail.
 */
export function OwnCardProof({
  form,
  proof,
  onProofChange,
  toast,
}: {
  form: Form;
  proof: Proof;
  onProofChange: (next: Proof) => void;
  /** The form's error toast (see useFormErrorToast). */
  toast: (message: string) => void;
}) {
  const { t } = useTranslation();
  const sendCode = useRequestOwnCardCode();
  const [sent, setSent] = useState<OwnCardCodeSent | null>(null);
  const [channelError, setChannelError] = useState<string>();
  const [pending, setPending] = useState<OwnCardChannel | null>(null);
  const { errors } = form.formState;

  const choose = (next: Proof) => {
    onProofChange(next);
    setSent(null);
    setChannelError(undefined);
    form.setValue('pin', '');
    form.setValue('code', '');
    form.setValue('challengeId', undefined);
    form.clearErrors(['pin', 'code']);
  };

  const request = async (channel: OwnCardChannel) => {
    setChannelError(undefined);
    if (!(await form.trigger('cardNumber'))) return;
    setPending(channel);
    sendCode.mutate(
      { cardNumber: normaliseDigits(form.getValues('cardNumber')), channel },
      {
        onSettled: () => setPending(null),
        onSuccess: (challenge) => {
          setSent(challenge);
          form.setValue('challengeId', challenge.challengeId);
          form.setValue('code', '');
          form.setFocus('code');
        },
        onError: (error) => {
          const onChannel = apiErrorOf(error).fieldErrors?.channel;
          if (onChannel) setChannelError(onChannel);
          else applyApiError(error, form.setError, ['cardNumber'], toast);
        },
      },
    );
  };

  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-2 text-sm font-medium text-slate-800">{t('ownCard.proofLabel')}</legend>
      <div
        role="radiogroup"
        aria-label={t('ownCard.proofLabel')}
        className="flex gap-1 rounded-2xl bg-slate-200/80 p-1"
      >
        {proofs.map((item) => (
          <button
            key={item}
            type="button"
            {...radioItem(proofs, proof, item, choose)}
            onClick={() => choose(item)}
            className={cn(
              segment,
              proof === item
                ? 'bg-white text-slate-900 shadow-sm'
                : 'text-slate-700 hover:text-slate-900',
            )}
          >
            {t(proofLabel[item])}
          </button>
        ))}
      </div>

      {proof === 'pin' ? (
        <Field
          label={t('ownCard.pin')}
          inputMode="numeric"
          autoComplete="off"
          maxLength={4}
          hint={t('ownCard.pinHint')}
          className="[&_input]:font-mono [&_input]:tracking-widest"
          error={messageText(errors.pin?.message)}
          {...form.register('pin')}
        />
      ) : (
        <div className="flex flex-col gap-3">
          <p className="text-sm text-slate-700">{t('ownCard.codeIntro')}</p>
          <div className="flex flex-col gap-2">
            {ownCardChannels.map((channel) => (
              <Button
                key={channel}
                type="button"
                variant="secondary"
                pending={pending === channel}
                disabled={pending !== null}
                onClick={() => void request(channel)}
              >
                {t(channelLabel[channel])}
              </Button>
            ))}
            {channelError && (
              <p className="text-sm font-medium text-red-700" role="alert">
                {channelError}
              </p>
            )}
          </div>
          {sent && (
            <>
              <p className="text-sm text-slate-800" role="status">
                {t('ownCard.codeSent', { destination: sent.destination })}
              </p>
              <Field
                label={t('field.code')}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                hint={t('ownCard.codeHint')}
                className="[&_input]:font-mono [&_input]:tracking-widest"
                error={messageText(errors.code?.message)}
                {...form.register('code')}
              />
            </>
          )}
          {!sent && errors.code && (
            <p className="text-sm font-medium text-red-700" role="alert">
              {messageText(errors.code.message)}
            </p>
          )}
        </div>
      )}
    </fieldset>
  );
}
