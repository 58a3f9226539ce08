import { EmptyState } from '@stod/ui/States.tsx';
import { useTranslation } from 'react-i18next';

export function NotFoundScreen() {
  const { t } = useTranslation();
  return <EmptyState title={t('console.notFound')} text={t('console.notFoundText')} />;
}
