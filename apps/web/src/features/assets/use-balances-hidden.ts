import { useSyncExternalStore } from 'react';
import { areBalancesHidden, subscribeBalancesHidden } from './balance-privacy';

/** The device's "hide balances" choice, re-rendering every figure when the eye is pressed. */
export function useBalancesHidden(): boolean {
  return useSyncExternalStore(subscribeBalancesHidden, areBalancesHidden, () => false);
}
