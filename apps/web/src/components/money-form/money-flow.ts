/**
 * The steps of every member money form ("forms one way"), without React so they can be
 * tested alone: the checked request waits for the member's confirmation; confirming sends it
 * with the idempotency key of that request (the same key when the same confirmation is sent
 * again after a refusal or a lost answer, a new one after success); a refusal goes back to the
 * form, where the field at fault shows why.
 */
import { sendWithKey, type RequestIdTracker } from '@pp/browser-kit';

export interface MoneyPlan<Body, Answer> {
  /** Checks the form (field errors shown by it); the request to confirm, or null. */
  check: () => Body | null;
  /** Sends the confirmed request with its idempotency key. */
  send: (body: Body, requestId: string) => Promise<Answer>;
  /** A refused send, after the confirmation closed: e.g. the server's words under a field. */
  onRefused?: (error: unknown) => void;
  /** Success, after the confirmation closed: reset the form, say so, refresh balances. */
  onDone: (answer: Answer, body: Body) => void | Promise<void>;
}

/**
 * The work of one confirmation: send with the request's key (the kit's `sendWithKey`), then close
 * the confirmation and hand the answer on. A refusal closes the confirmation too and is thrown
 * again for the submit hook to show.
 */
export async function sendConfirmed<Body, Answer>(
  body: Body,
  plan: Pick<MoneyPlan<Body, Answer>, 'send' | 'onRefused' | 'onDone'>,
  requestId: RequestIdTracker,
  close: () => void,
): Promise<void> {
  let answer: Answer;
  try {
    answer = await sendWithKey(requestId, body, plan.send);
  } catch (error) {
    // Back to the form; a retry of the same request keeps its id.
    close();
    plan.onRefused?.(error);
    throw error;
  }
  close();
  await plan.onDone(answer, body);
}
