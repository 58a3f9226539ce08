import { closeModal, openModal } from '@stod/ui/modal-store.ts';
import { showToast } from '@stod/ui/toast-store.ts';
import { loadTexts } from '../../i18n/index.ts';
import { getFill } from './api.ts';
import { BeverageSheet } from './BeverageSheet.tsx';

/**
 * A machine's code, from `/{hash}` or the scanner: the drink's sheet, or the server's words when
 * the code is not ours, used or expired (§8).
 */
export async function openBeverage(hash: string): Promise<void> {
  const [[fill, error]] = await Promise.all([getFill(hash), loadTexts('beverages')]);
  if (error) {
    showToast('error', error.message);
    return;
  }
  let id = 0;
  id = openModal({
    variant: 'sheet',
    title: fill.name,
    testId: 'beverage-sheet',
    body: <BeverageSheet hash={hash} fill={fill} onClose={() => closeModal(id)} />,
  });
}
