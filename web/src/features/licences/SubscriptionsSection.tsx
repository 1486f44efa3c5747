import type { DeviceAccessGroup } from '@cardiomap/contract';
import {
  Button,
  Card,
  CardActions,
  CardContent,
  FormControl,
  InputLabel,
  MenuItem,
  Select,
  Stack,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useSubscription } from './api/licences-api.ts';

/** Spec §2 "Licenses": the organisation's template subscriptions; subscribing to another by its name. */
export function SubscriptionsSection({
  organisationId,
  groups,
  canSubscribe,
}: {
  organisationId: string;
  groups: DeviceAccessGroup[];
  canSubscribe: boolean;
}) {
  const subscription = useSubscription(organisationId);
  const [chosenTemplate, setChosenTemplate] = useState('');
  const subscribed = groups.filter((g) => g.isSubscribed);
  const unsubscribed = groups.filter((g) => !g.isSubscribed);
  return (
    <section aria-labelledby="subscriptions-heading">
      <Typography id="subscriptions-heading" variant="h5" component="h2" gutterBottom>
        Subscriptions
      </Typography>
      {subscribed.length === 0 && (
        <Typography color="text.secondary">Not subscribed to any license template.</Typography>
      )}
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2 }}>
        {subscribed.map((g) => (
          <Card key={g.id} variant="outlined" sx={{ width: 320 }} data-testid="subscription-card">
            <CardContent>
              <Typography variant="h6" component="h3">
                {g.name}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {g.devices.length} device{g.devices.length === 1 ? '' : 's'}
              </Typography>
            </CardContent>
            {canSubscribe && (
              <CardActions>
                <Button size="small" onClick={() => subscription.mutate({ id: g.id, subscribe: false })}>
                  Unsubscribe
                </Button>
              </CardActions>
            )}
          </Card>
        ))}
      </Stack>
      {canSubscribe && unsubscribed.length > 0 && (
        <Stack direction="row" spacing={2} sx={{ mt: 2, alignItems: 'center' }}>
          <FormControl size="small" sx={{ minWidth: 260 }}>
            <InputLabel id="subscribe-template-label">License template</InputLabel>
            <Select
              labelId="subscribe-template-label"
              label="License template"
              value={chosenTemplate}
              onChange={(e) => setChosenTemplate(e.target.value)}
            >
              {unsubscribed.map((g) => (
                <MenuItem key={g.id} value={g.id}>
                  {g.name}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          <Button
            variant="outlined"
            disabled={!chosenTemplate || subscription.isPending}
            onClick={() =>
              subscription.mutate({ id: chosenTemplate, subscribe: true }, { onSuccess: () => setChosenTemplate('') })
            }
          >
            Subscribe
          </Button>
        </Stack>
      )}
    </section>
  );
}
