import type { Case, Order, OrderStatus } from '@cardiomap/contract';
import {
  degradeAction,
  deliverAction,
  duplicateOrderAction,
  obsoleteAction,
  type StaffOrderFacts,
  undeliverAction,
} from '@cardiomap/domain';
import { Stack } from '@mui/material';
import { useState } from 'react';
import { ActionButton } from './ActionButton.tsx';
import { DegradeOrderDialog } from './DegradeOrderDialog.tsx';
import { DeliverOrderDialog } from './DeliverOrderDialog.tsx';
import { DeliveryChangeDialog } from './DeliveryChangeDialog.tsx';
import { DuplicateOrderDialog } from './DuplicateOrderDialog.tsx';
import { useStaffRules } from './use-staff-rules.ts';

type OpenDialog = 'deliver' | 'undeliver' | 'obsolete' | 'degrade' | 'duplicate' | null;

/**
 * The staff actions on one order of the case detail (issue 17 §1): deliver, undeliver, obsolete,
 * mark non-clinical, duplicate. Each is hidden, usable, or disabled with the reason, by the domain rules.
 */
export function OrderActions({ kase, order, orderLabel }: { kase: Case; order: Order; orderLabel: string }) {
  const { permissions, facts } = useStaffRules(kase);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const close = () => setDialog(null);
  const orderFacts: StaffOrderFacts = { status: order.status as OrderStatus, degradation: order.degradation };
  const states = {
    deliver: deliverAction(permissions, facts, orderFacts),
    undeliver: undeliverAction(permissions, facts, orderFacts),
    obsolete: obsoleteAction(permissions, facts, orderFacts),
    degrade: degradeAction(permissions, orderFacts),
    duplicate: duplicateOrderAction(permissions, facts, orderFacts),
  };
  if (!Object.values(states).some((state) => state.show)) return null;
  const props = { kase, order, orderLabel, onClose: close };
  return (
    <Stack
      direction="row"
      spacing={1}
      useFlexGap
      sx={{ flexWrap: 'wrap', mt: 1 }}
      role="group"
      aria-label={`Actions for ${orderLabel}`}
    >
      <ActionButton state={states.deliver} variant="contained" onClick={() => setDialog('deliver')}>
        Deliver
      </ActionButton>
      <ActionButton state={states.undeliver} onClick={() => setDialog('undeliver')}>
        Undeliver
      </ActionButton>
      <ActionButton state={states.obsolete} onClick={() => setDialog('obsolete')}>
        Obsolete delivery
      </ActionButton>
      <ActionButton state={states.degrade} color="warning" onClick={() => setDialog('degrade')}>
        Mark non-clinical
      </ActionButton>
      <ActionButton state={states.duplicate} onClick={() => setDialog('duplicate')}>
        Duplicate order
      </ActionButton>
      {dialog === 'deliver' && <DeliverOrderDialog {...props} />}
      {dialog === 'degrade' && <DegradeOrderDialog {...props} />}
      {(dialog === 'undeliver' || dialog === 'obsolete') && <DeliveryChangeDialog change={dialog} {...props} />}
      {dialog === 'duplicate' && <DuplicateOrderDialog {...props} />}
    </Stack>
  );
}
