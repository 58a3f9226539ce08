import { BadgePlus, Handshake, IdCard } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { usePaymentMethods } from '../../../lib/payment-methods.ts';
import { ListGroup, ListItem } from '@stod/ui/ListItem.tsx';
import { RetryNotice } from '@stod/ui/Notice.tsx';
import { Screen } from '@stod/ui/Screen.tsx';
import { Section } from '@stod/ui/Section.tsx';
import { showToast } from '@stod/ui/toast-store.ts';
import { AddCardButton } from '../components/AddCardButton.tsx';
import { CardSessionNotice } from '../components/CardSessionNotice.tsx';
import { PaymentMethodList } from '../components/PaymentMethodList.tsx';
import { agreementPathFor, walletFlows } from '../paths.ts';
import { useActivationRefetch } from '../use-activation-refetch.ts';
import { useCardSessionReturn } from '../use-card-session-return.ts';

const flow = walletFlows().profile;

/** `/profile/payment-methods`: the cards, the favourite, adding cards and the agreement. */
export function PaymentMethodsScreen() {
  const { t } = useTranslation();
  const list = usePaymentMethods();
  const cardReturn = useCardSessionReturn(flow.cardReturn, () =>
    showToast('success', t('wallet.cardSaved')),
  );
  useActivationRefetch(list.data?.items);
  const agreement = list.data?.agreement;

  return (
    <Screen>
      <CardSessionNotice state={cardReturn} />
      <Section title={t('wallet.cardsTitle')}>
        {list.isError ? (
          <RetryNotice
            text={t('wallet.loadFailed')}
            retryLabel={t('common.retry')}
            onRetry={() => void list.refetch()}
          />
        ) : (
          <PaymentMethodList methods={list.data?.items} />
        )}
        <AddCardButton
          returnPath={flow.cardReturn}
          variant={list.data && list.data.items.length > 0 ? 'secondary' : 'primary'}
        />
        <p className="px-1 text-sm text-slate-600">{t('wallet.addCardHint')}</p>
      </Section>

      <ListGroup title={t('wallet.ownCard')}>
        <ListItem
          to={flow.ownCardCreate}
          label={t('wallet.ownCardCreate')}
          description={t('wallet.ownCardCreateText')}
          icon={<BadgePlus size={20} />}
        />
        <ListItem
          to={flow.ownCardAdd}
          label={t('wallet.ownCardAdd')}
          description={t('wallet.ownCardAddText')}
          icon={<IdCard size={20} />}
        />
      </ListGroup>

      <ListGroup title={t('wallet.agreement')}>
        <ListItem
          to={agreementPathFor(flow)}
          label={agreement ? t('wallet.agreementEdit') : t('wallet.agreementCreate')}
          description={
            agreement
              ? t('wallet.agreementSummary', {
                  reg: agreement.registrationNumber,
                  account: agreement.accountNumberMasked,
                })
              : t('wallet.agreementNone')
          }
          icon={<Handshake size={20} />}
        />
      </ListGroup>
    </Screen>
  );
}
