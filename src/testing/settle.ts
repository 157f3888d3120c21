import { act } from '@testing-library/react';
import type { holdNext } from './test-server';

/**
 * Lets a held request go, waits for the service's answer, then 300 ms more for the app to do
 * whatever it would with it: for a test that shows an answer changed nothing (there is no
 * "nothing happened" to wait for). A bound, not a proof: on a machine slow enough that the app
 * takes longer than that, a wrong late update would land after the check and the test would
 * still pass (it cannot fail when the app is right).
 */
export function answeredAfter(held: ReturnType<typeof holdNext>): Promise<void> {
  held.release();
  return act(async () => {
    await held.answered;
    await new Promise((resolve) => setTimeout(resolve, 300));
  });
}
