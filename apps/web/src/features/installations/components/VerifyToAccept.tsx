import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorOf } from '../../../lib/api-error.ts';
import { setCurrentUser } from '../../../lib/current-user.ts';
import { useRequestEmailChange, useUpdateEmail } from '../../../lib/email-code.ts';
import { EmailCodeField } from '../../../lib/email-code-field.tsx';
import { Button } from '@stod/ui/Button.tsx';
import { Notice } from '@stod/ui/Notice.tsx';
import { showToast } from '@stod/ui/toast-store.ts';

interface Props {
  /** The user's own address, not yet verified: the invitation was sent to it. */
  email: string;
  /** The address is verified: the invitation is accepted. */
  onVerified: () => void;
  /** The invitation is being answered. */
  busy: boolean;
}

/**
 * An invitation can only be taken by the owner of its address: the e-mail's link proves it, or a
 * verified address. A new user who opens the app instead verifies the address here, with the
 * code the e-mail change uses, and the invitation is accepted with the same press.
 */
export function VerifyToAccept({ email, onVerified, busy }: Props) {
  const { t } = useTranslation();
  const request = useRequestEmailChange();
  const update = useUpdateEmail();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const sent = request.isSuccess;

  const send = () =>
    request.mutate(
      { email },
      { onSuccess: () => showToast('info', t('installations.verifySent', { email })) },
    );
  const confirm = () => {
    const token = code.trim();
    if (token.length === 0) {
      setCodeError(t('installations.verifyCodeMissing'));
      return;
    }
    update.mutate(
      { email, token },
      {
        onSuccess: (user) => {
          setCurrentUser(user);
          onVerified();
        },
        onError: (error) => setCodeError(apiErrorOf(error).fieldErrors?.token ?? null),
      },
    );
  };
  const failure = request.error ?? (codeError === null ? update.error : null);

  return (
    <div className="flex flex-col gap-3" data-testid="invitation-verify">
      <p className="text-base text-slate-800">
        {t(sent ? 'installations.verifyCodeText' : 'installations.verifyText', { email })}
      </p>
      {failure && (
        <Notice tone="error" testId="invitation-verify-error">
          {apiErrorOf(failure).message}
        </Notice>
      )}
      {sent ? (
        <form
          noValidate
          className="flex flex-col gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            confirm();
          }}
        >
          <EmailCodeField
            label={t('installations.verifyCode')}
            value={code}
            onChange={(e) => {
              setCode(e.target.value);
              setCodeError(null);
            }}
            error={codeError ?? undefined}
          />
          <Button type="submit" pending={update.isPending || busy}>
            {t('installations.verifyAndAccept')}
          </Button>
          <Button variant="ghost" pending={request.isPending} onClick={send}>
            {t('installations.verifyResend')}
          </Button>
        </form>
      ) : (
        <Button pending={request.isPending} onClick={send}>
          {t('installations.verifySend')}
        </Button>
      )}
    </div>
  );
}
