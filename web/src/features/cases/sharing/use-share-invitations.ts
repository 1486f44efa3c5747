import { useState } from 'react';
import { ApiError } from '../../../api/index.ts';
import { type ShareTarget, useShareCase } from '../api/share-case.ts';

/** Spec §8 "Share failure": the server's message for the field, else 'Error'. */
const failureText = (error: unknown, field: string): string =>
  (error instanceof ApiError && error.messagesFor(field)[0]) || 'Error';

export interface ShareOutcome {
  /** Addresses the server refused; they stay in the field. */
  refused: string[];
  emailError: string | null;
  deviceError: string | null;
  /** The first failure, for the error toast, and its wording when the server named a field. */
  failure: unknown;
  failureText: string | undefined;
}

/**
 * Sends one PUT cases/{id}/share/ per e-mail address, then one for the device if chosen. They go one
 * after the other and each failure is kept, so one refused address does not stop the others.
 */
export function useShareInvitations(caseId: string) {
  // One toast for the whole batch, from the dialog: each call's failure is kept below and worded with
  // the others (spec §8 "Share failure"), so the calls themselves show nothing.
  const share = useShareCase(caseId, { successToast: false, onError: () => {} });
  const [sending, setSending] = useState(false);

  const attempt = async (target: ShareTarget): Promise<unknown> => {
    try {
      await share.mutateAsync(target);
      return null;
    } catch (error) {
      return error;
    }
  };

  const send = async (emails: string[], deviceId: string): Promise<ShareOutcome> => {
    setSending(true);
    const outcome: ShareOutcome = {
      refused: [],
      emailError: null,
      deviceError: null,
      failure: null,
      failureText: undefined,
    };
    for (const email of emails) {
      const error = await attempt({ email });
      if (!error) continue;
      outcome.refused.push(email);
      outcome.emailError ??= failureText(error, 'email');
      outcome.failure ??= error;
    }
    const deviceFailure = deviceId ? await attempt({ deviceId }) : null;
    if (deviceFailure) {
      outcome.deviceError = failureText(deviceFailure, 'deviceId');
      outcome.failure ??= deviceFailure;
    }
    setSending(false);
    const badRequest = outcome.failure instanceof ApiError && outcome.failure.status === 400;
    outcome.failureText = badRequest ? (outcome.emailError ?? outcome.deviceError ?? undefined) : undefined;
    return outcome;
  };

  return { send, sending };
}
