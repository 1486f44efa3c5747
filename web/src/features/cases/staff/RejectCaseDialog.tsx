import type { Case } from '@cardiomap/contract';
import { useRejectionReasons } from '../api/get-reasons.ts';
import { useRejectCase } from '../api/reject-case.ts';
import { ReasonTextDialog, shownInDialog } from './ReasonTextDialog.tsx';
import { rejectSchema } from './staff-schemas.ts';

/**
 * Reject a case in progress (spec §4): a reason and the analyst's comment, which the clinician then
 * reads under 'Could not be processed' (spec §2). Irreversible, so the dialog says so.
 */
export function RejectCaseDialog({ kase, onClose }: { kase: Case; onClose: () => void }) {
  const reasons = useRejectionReasons();
  const reject = useRejectCase(kase, { onError: shownInDialog });
  return (
    <ReasonTextDialog
      name="reject"
      title={`Reject case ${kase.caseIdentifier}?`}
      explanation="The physician will see “Could not be processed” with the reason and your comment. The case's analyses are canceled. This cannot be undone."
      reasons={reasons}
      reasonRequired
      textField="comment"
      textLabel="Comment for the physician"
      textRequired={false}
      schema={rejectSchema}
      submitLabel="Reject case"
      pendingLabel="Rejecting…"
      action={{
        isPending: reject.isPending,
        mutateAsync: ({ reasonId, text }) => reject.mutateAsync({ reasonId, comment: text }),
      }}
      onClose={onClose}
    />
  );
}
