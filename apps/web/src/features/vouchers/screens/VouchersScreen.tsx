import { Screen } from '../../../ui/Screen.tsx';

export function VouchersScreen() {
  return <Screen>{null}</Screen>;
}
