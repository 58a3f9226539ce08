import { Screen } from '../../../ui/Screen.tsx';

export function SubscriptionsScreen() {
  return <Screen>{null}</Screen>;
}
