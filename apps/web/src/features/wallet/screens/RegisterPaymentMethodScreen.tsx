import { BadgePlus, CreditCard, Handshake, IdCard } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { forgetReturnPath, returnPathAfterRegistration } from '../../../lib/return-path.ts';
import { ButtonLink } from '@stod/ui/Button.tsx';
import { ListGroup, ListItem } from '@stod/ui/ListItem.tsx';
import { Screen } from '@stod/ui/Screen.tsx';
import { Skeleton } from '@stod/ui/Skeleton.tsx';
import { showToast } from '@stod/ui/toast-store.ts';
import { CardSessionNotice } from '../components/CardSessionNotice.tsx';
import { walletFlows } from '../paths.ts';
import { useCardSessionReturn } from '../use-card-session-return.ts';
import { useStartCardEntry } from '../use-start-card-entry.ts';

const flow = walletFlows().register;

/** `/register-user/payment-method`: the new user picks how to pay; every path ends on done. */
export function RegisterPaymentMethodScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const entry = useStartCardEntry(flow.cardReturn);
  const cardReturn = useCardSessionReturn(flow.cardReturn, () => {
    showToast('success', t('wallet.cardSaved'));
    void navigate(flow.done, { replace: true });
  });

  return (
    <Screen>
      <p className="text-base text-slate-700">{t('registerPay.intro')}</p>
      <CardSessionNotice state={cardReturn} />
      <ListGroup title={t('registerPay.choose')}>
        <ListItem
          label={t('registerPay.card')}
          description={t('registerPay.cardText')}
          icon={<CreditCard size={20} />}
          onClick={() => entry.run()}
          navigates
          trailing={entry.pending ? <Skeleton className="h-4 w-10" /> : undefined}
        />
        <ListItem
          to={flow.ownCardCreate}
          label={t('registerPay.ownCardCreate')}
          description={t('registerPay.ownCardCreateText')}
          icon={<BadgePlus size={20} />}
        />
        <ListItem
          to={flow.ownCardAdd}
          label={t('registerPay.ownCardAdd')}
          description={t('registerPay.ownCardAddText')}
          icon={<IdCard size={20} />}
        />
        <ListItem
          to={flow.agreement}
          label={t('registerPay.agreement')}
          description={t('registerPay.agreementText')}
          icon={<Handshake size={20} />}
        />
      </ListGroup>
      <div className="mt-auto">
        <ButtonLink
          to={returnPathAfterRegistration()}
          onClick={forgetReturnPath}
          variant="ghost"
          replace
        >
          {t('registerPay.later')}
        </ButtonLink>
      </div>
    </Screen>
  );
}
