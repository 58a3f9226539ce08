import { Screen } from '../../../ui/Screen.tsx';

export function ReceiptsScreen() {
  return <Screen>{null}</Screen>;
}
