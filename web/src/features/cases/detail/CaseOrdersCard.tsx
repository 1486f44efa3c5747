import type { Case, Order } from '@cardiomap/contract';
import { Alert, Card, CardContent, Chip, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { OrderActions } from '../staff/OrderActions.tsx';
import {
  formatDateTime,
  NON_CLINICAL_LICENCE_REMARK,
  NOT_FOR_MEDICAL_USE,
  orderStatusInCase,
  serviceLabel,
} from './case-detail-format.ts';

/**
 * The orders of a case. A non-clinical order carries the 'Not intended for medical use' label and
 * explains why: the degradation remark, or the non-clinical licence (spec §8).
 */
export function CaseOrdersCard({ kase }: { kase: Case }) {
  const deviceName = (id: string) => kase.devices.find((d) => d.id === id)?.name ?? 'Unknown device';
  const labelOf = (order: Order) => `${serviceLabel(order.service)} · ${order.deviceIds.map(deviceName).join(', ')}`;
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          Orders
        </Typography>
        <List aria-label="Orders" disablePadding>
          {kase.orders.map((order) => (
            <ListItem key={order.id} disableGutters divider sx={{ display: 'block' }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <ListItemText
                  primary={labelOf(order)}
                  secondary={`${orderStatusInCase(order.status, kase.status)} · ordered ${formatDateTime(order.dateCreated)}`}
                />
                {!order.isClinical && <Chip color="warning" size="small" label={NOT_FOR_MEDICAL_USE} />}
              </Stack>
              {!order.isClinical && (
                <Alert severity="warning" sx={{ mt: 1 }}>
                  {order.degradation?.remark || NON_CLINICAL_LICENCE_REMARK}
                </Alert>
              )}
              <OrderActions kase={kase} order={order} orderLabel={labelOf(order)} />
            </ListItem>
          ))}
        </List>
      </CardContent>
    </Card>
  );
}
