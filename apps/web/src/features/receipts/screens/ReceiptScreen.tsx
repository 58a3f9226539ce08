import { Screen } from '../../../ui/Screen.tsx';

export function ReceiptScreen() {
  return <Screen>{null}</Screen>;
}
